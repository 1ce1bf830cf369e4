#if canImport(ObjectiveC)
import ObjectiveC

/// Where reactors' cores are kept on Apple platforms (an instance lives in
/// ``ReactorCores/kept``): each one is an associated object of
/// its reactor, as ReactorKit keeps its state, so a reactor class needs no stored
/// property and there is no table.
///
/// The association holds a `ReactorCoreRelease`, which the Objective-C runtime releases
/// when the reactor is deallocated (Swift classes included): its deinit shuts the core
/// down at once, so a released reactor's effects are cancelled then, with no sweep.
///
/// Linux has no associated objects and keeps a table instead
/// (`ReactorCoreStorage+Table.swift`).
@MainActor
struct ReactorCoreStorage {
    /// The association's key: the address of a byte allocated once, for the process.
    private static let key = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    /// The cores that run (kept and not shut down).
    private(set) var runningCount = 0

    /// Whether released reactors' cores wait here until a sweep stops them.
    static let sweepsReleasedCores = false

    /// The core kept for `reactor`, if any.
    func core(of reactor: AnyObject) -> AnyReactorCore? {
        (objc_getAssociatedObject(reactor, Self.key) as? ReactorCoreRelease)?.core
    }

    /// None: the runtime releases a reactor's core with it.
    func releasedCores() -> [AnyReactorCore] { [] }

    /// None: the runtime releases a reactor's core with it.
    mutating func releasedCoresBeforeKeepingOneMore() -> [AnyReactorCore] { [] }

    /// Associates a new core with its reactor.
    mutating func keep(_ core: AnyReactorCore, for reactor: AnyObject) {
        objc_setAssociatedObject(reactor, Self.key, ReactorCoreRelease(core), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        runningCount += 1
    }

    /// Forgets a core that was shut down: a reactor still alive (a hosting ended, and its
    /// owner kept it) gets a new core the next time it is used, as on Linux.
    mutating func forget(_ core: AnyReactorCore) {
        runningCount -= 1
        guard let reactor = core.owner,
              let release = objc_getAssociatedObject(reactor, Self.key) as? ReactorCoreRelease,
              release.core === core else { return }
        release.disarm()
        objc_setAssociatedObject(reactor, Self.key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// Nothing to check: the runtime keeps the associations.
    func checkInvariants(cached: AnyReactorCore? = nil) {}
}
#endif
