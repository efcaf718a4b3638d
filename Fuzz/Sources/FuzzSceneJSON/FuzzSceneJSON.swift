import Foundation
import KineticDynamics

/// `DynamicsScene.parse` on the input bytes; a scene that parses and has at most 20 items is simulated for
/// 0.05 s at 20 Hz (two frames) and its output JSON written, so each run stays fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let scene = try? DynamicsScene.parse(bytes) else { return 0 }
    // The parser and `validate()` apply the same rules: what one accepts the other must too.
    do { try scene.validate() } catch { fatalError("a parsed scene fails validate(): \(error)") }
    guard scene.items.count <= 20, scene.boundaries.count <= 20 else { return 0 }
    guard let result = try? SceneSimulation.run(scene: scene, seconds: 0.05, rate: 20) else { return 0 }
    _ = result.json
    return 0
}
