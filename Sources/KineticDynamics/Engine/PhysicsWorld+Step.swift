import KineticCore

extension PhysicsWorld {
    /// Advances the world by one fixed ``PhysicsSettings/timeStep``: broad phase, narrow phase, the soft-step
    /// solver with ``PhysicsSettings/substeps`` substeps, then sleeping. Contact events of this step are in
    /// ``contactEvents`` afterwards.
    ///
    /// A world at rest — no body awake, the list of awake bodies current, and nothing added, removed, moved or
    /// put to sleep since the last step (which would ask the broad phase for a sweep) — is left as it is: such a
    /// step would change nothing (no contact of two sleeping or static bodies is updated, no box moved, so no
    /// pair begins or ends, and the solver has no body), yet it read every body's box and every contact (a
    /// 5,050-box pyramid asleep: 0.15 ms a step).
    public func step() {
        let dt = settings.timeStep
        guard dt > 0, dt.isFinite else { return }
        stepIndex &+= 1
        stepCount += 1
        contactEvents.removeAll(keepingCapacity: true)
        if skipsRestingSteps && awakeListIsCurrent && awake.isEmpty && !broadPhaseNeedsSweep {
            restingSteps += 1
            isAtRest = true
            return
        }
        updateContacts(dt: dt)
        solve(dt: dt)
        updateSleep(dt: dt)
    }

    /// Steps `count` times.
    public func step(count: Int) {
        for _ in 0..<max(0, count) { step() }
    }

}
