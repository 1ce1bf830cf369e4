/// What a reactor's associated object holds on Apple platforms: its core, shut down when
/// the reactor is deallocated and the Objective-C runtime releases this (it does for
/// Swift classes too), so a released reactor's effects are cancelled at once.
///
/// Platform-neutral so that its behaviour is tested on Linux, where the runtime has no
/// associated objects and nothing makes one (`ReactorCoreStorage+ObjectiveC.swift`).
package final class ReactorCoreRelease {
    private(set) var core: AnyReactorCore?

    init(_ core: AnyReactorCore) {
        self.core = core
    }

    /// A release for the core kept for `reactor`, as the runtime would hold it; `nil`
    /// when the reactor has no core (for tests).
    @MainActor
    package convenience init?(keptCoreOf reactor: AnyObject) {
        guard let core = ReactorCores.kept.storage.core(of: reactor) else { return nil }
        self.init(core)
    }

    /// Called when the core was shut down and forgotten: the release does nothing more.
    package func disarm() {
        core = nil
    }

    deinit {
        if let core { ReactorCores.shutDownFromAnyThread(core) }
    }
}
