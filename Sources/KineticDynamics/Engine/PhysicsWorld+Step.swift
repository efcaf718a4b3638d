import KineticCore

extension PhysicsWorld {
    /// Advances the world by one fixed ``PhysicsSettings/timeStep``: broad phase, narrow phase, the soft-step
    /// solver with ``PhysicsSettings/substeps`` substeps, then sleeping. Contact events of this step are in
    /// ``contactEvents`` afterwards.
    public func step() {
        let dt = settings.timeStep
        guard dt > 0, dt.isFinite else { return }
        stepIndex &+= 1
        stepCount += 1
        contactEvents.removeAll(keepingCapacity: true)
        updateContacts(dt: dt)
        solve(dt: dt)
        updateSleep(dt: dt)
    }

    /// Steps `count` times.
    public func step(count: Int) {
        for _ in 0..<max(0, count) { step() }
    }

}
