// Animation evaluation throughput (issue 2): 10,000 properties, each with a running animation — a third cubic-bezier
// BasicAnimations, a third KeyframeAnimations, a third SpringAnimations — sampled once per frame by `Animator.tick()`.
// Prints ns per evaluated animation and ms per frame. Target on the project machine: < 1 ms per frame (< 100 ns per
// evaluation), release build. A second figure evaluates the same animations directly (no Animator) as a floor.
//
//   cd Benchmarks && swift run -c release AnimationBenchmark [--kinds | --animator-once]
//
// With --kinds, each kind's direct evaluation is timed alone instead; with --animator-once, one Animator run alone
// (for a profiler).
import BenchmarkSupport
import Foundation
import Kinetic

let propertyCount = 10_000
let frameCount = 600
let frameRate = 60.0

func makeAnimations() throws -> (
    basics: [BasicAnimation<Double>], keyframes: [KeyframeAnimation<Double>], springs: [SpringAnimation<Double>]
) {
    var basics: [BasicAnimation<Double>] = []
    var keyframes: [KeyframeAnimation<Double>] = []
    var springs: [SpringAnimation<Double>] = []
    let curve = try TimingFunction.cubicBezier(0.25, 0.1, 0.25, 1)
    for i in 0..<propertyCount {
        // Long, repeating animations with staggered begin times so every frame evaluates all of them mid-flight.
        let begin = -Double(i % 97) * 0.01
        switch i % 3 {
        case 0:
            basics.append(
                BasicAnimation(
                    from: 0, to: Double(i),
                    timing: MediaTiming(beginTime: begin, duration: 1.7, repeatCount: .infinity),
                    timingFunction: curve))
        case 1:
            keyframes.append(
                try KeyframeAnimation(
                    values: [0, 10, 5, 20, Double(i)], keyTimes: [0, 0.1, 0.5, 0.7, 1],
                    timingFunctions: [.easeIn, .easeOut, .easeInEaseOut, curve],
                    timing: MediaTiming(beginTime: begin, duration: 2.3, repeatCount: .infinity)))
        default:
            springs.append(
                try SpringAnimation(
                    from: 0, to: Double(i), spring: Spring(response: 0.6, dampingFraction: 0.4),
                    timing: MediaTiming(beginTime: begin, duration: 3.1, repeatCount: .infinity)))
        }
    }
    return (basics, keyframes, springs)
}

@MainActor
func runAnimator() throws -> Double {
    let clock = ManualClock()
    let animator = Animator(clock: clock)
    let (basics, keyframes, springs) = try makeAnimations()
    var keys: [AnimatorKey<Double>] = []
    for (i, animation) in basics.enumerated() {
        let key = animator.makeKey("b\(i)", modelValue: 0.0)
        animator.add(animation, for: key)
        keys.append(key)
    }
    for (i, animation) in keyframes.enumerated() {
        let key = animator.makeKey("k\(i)", modelValue: 0.0)
        animator.add(animation, for: key)
        keys.append(key)
    }
    for (i, animation) in springs.enumerated() {
        let key = animator.makeKey("s\(i)", modelValue: 0.0)
        animator.add(animation, for: key)
        keys.append(key)
    }
    precondition(animator.runningAnimationCount == propertyCount, "every property must be animating")
    var checksum = 0.0
    let cpuStart = threadCPUTime()
    for _ in 0..<frameCount {
        clock.advance(by: 1 / frameRate)
        animator.tick()
        checksum += animator.presentationValue(for: keys[keys.count / 2])
    }
    let elapsed = threadCPUTime() - cpuStart
    if checksum.isNaN { print("checksum NaN") }
    return elapsed
}

func runDirect() throws -> Double {
    let (basics, keyframes, springs) = try makeAnimations()
    var checksum = 0.0
    let start = threadCPUTime()
    for frame in 1...frameCount {
        let t = Double(frame) / frameRate
        for animation in basics { checksum += animation.value(at: t, base: 0) ?? 0 }
        for animation in keyframes { checksum += animation.value(at: t, base: 0) ?? 0 }
        for animation in springs { checksum += animation.value(at: t, base: 0) ?? 0 }
    }
    let elapsed = threadCPUTime() - start
    if checksum.isNaN { print("checksum NaN") }
    return elapsed
}

/// `--kinds`: ns per direct evaluation of each kind alone (where the mixed figure's time goes).
func runKinds() throws {
    let (basics, keyframes, springs) = try makeAnimations()
    var checksum = 0.0
    func time(_ name: String, count: Int, _ evaluate: (Double) -> Double) {
        let start = threadCPUTime()
        for frame in 1...frameCount { checksum += evaluate(Double(frame) / frameRate) }
        let elapsed = threadCPUTime() - start
        print(String(format: "  %@: %.1f ns/animation", name, elapsed * 1e9 / Double(frameCount * count)))
    }
    print("Direct value(at:) by kind, \(frameCount) frames:")
    time("cubic-bezier BasicAnimation", count: basics.count) { t in
        basics.reduce(0) { $0 + ($1.value(at: t, base: 0) ?? 0) }
    }
    time("KeyframeAnimation (4 segments)", count: keyframes.count) { t in
        keyframes.reduce(0) { $0 + ($1.value(at: t, base: 0) ?? 0) }
    }
    time("SpringAnimation", count: springs.count) { t in springs.reduce(0) { $0 + ($1.value(at: t, base: 0) ?? 0) } }
    if checksum.isNaN { print("checksum NaN") }
}

if CommandLine.arguments.contains("--animator-once") {
    // One Animator run alone, for a profiler (callgrind counts the instructions of each function).
    let animator = try runAnimator()
    print(String(format: "Animator.tick: %.1f ns/animation", animator * 1e9 / Double(propertyCount * frameCount)))
    exit(0)
}

if CommandLine.arguments.contains("--kinds") {
    try runKinds()
    exit(0)
}

let evaluations = Double(propertyCount * frameCount)
print(
    "Animation evaluation: \(propertyCount) properties (⅓ bezier, ⅓ keyframe, ⅓ spring), \(frameCount) frames; "
        + "thread CPU time")
for run in 1...3 {
    let animator = try runAnimator()
    let direct = try runDirect()
    let line = String(
        format:
            "run %d  Animator.tick: %.3f ms/frame, %.1f ns/animation   direct value(at:): %.3f ms/frame, %.1f ns/animation",
        run, animator * 1000 / Double(frameCount), animator * 1e9 / evaluations, direct * 1000 / Double(frameCount),
        direct * 1e9 / evaluations)
    print(line)
}
