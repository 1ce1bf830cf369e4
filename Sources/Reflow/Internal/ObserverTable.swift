/// The store's observers in subscription order, with O(1) removal.
///
/// Removal leaves a hole (`nil`) so indexes stay valid while a notification pass walks the
/// array; holes are squeezed out once they outnumber live observers, outside a pass, which
/// keeps removal O(1) amortized and iteration proportional to live observers.
///
/// ## Ownership
/// The table owns each observer through an `Unmanaged` reference retained once on insert
/// and released once on removal (or when the table goes away). A notification pass copies
/// the array of plain pointers and calls each observer borrowed, without a retain/release
/// pair per observer (about 10 ns each in benchmark S2). An observer removed during a pass
/// is parked in `retired` until the outermost pass ends, so the pass never calls freed
/// memory.
@MainActor @usableFromInline
final class ObserverTable<State> {
    // Unchecked exclusivity: main-actor only, and no access spans a call to an observer
    // (the pass reads a snapshot), so the run-time checks on every pass guard nothing.
    @exclusivity(unchecked) @usableFromInline private(set) var observers: ContiguousArray<Unmanaged<StateObserver<State>>?> = []
    @exclusivity(unchecked) @usableFromInline var vacancies = 0
    @exclusivity(unchecked) @usableFromInline var passDepth = 0
    /// What the reductions since the last notification can have written (the store keeps
    /// it while some observer can use it; otherwise it stays `.whole`).
    var touched: Footprint = .whole
    /// Observers removed during a pass; released when the outermost pass ends.
    @usableFromInline private(set) var retired: [StateObserver<State>] = []

    @inlinable var isNotifying: Bool { passDepth > 0 }
    @inlinable var isEmpty: Bool { observers.count == vacancies }

    @usableFromInline init() {}
    var liveCount: Int { observers.count - vacancies }

    deinit {
        for case let observer? in observers {
            observer.takeUnretainedValue().sourceDidEnd()
            observer.release()
        }
    }

    /// Adds `observer` and returns the subscription that ends it.
    func subscribe(_ observer: StateObserver<State>) -> Subscription {
        insert(observer)
        return Subscription(target: observer)
    }

    func insert(_ observer: StateObserver<State>) {
        observer.slot = observers.count
        observer.table = self
        observers.append(.passRetained(observer))
        checkInvariants()
    }

    func remove(_ observer: StateObserver<State>) {
        guard observer.isActive, observer.table === self else { return }
        observer.isActive = false
        let owned = observers[observer.slot]!.takeRetainedValue()
        observers[observer.slot] = nil
        vacancies += 1
        if passDepth > 0 { retired.append(owned) }
        compactIfWorthIt()
        checkInvariants()
    }

    /// Calls every live observer once with `state`, in subscription order. Observers added
    /// during the pass already saw the current value and are not called.
    @inlinable
    func notify(_ state: State) {
        forEachActive { $0.notify(state) }
    }

    /// One notification pass: calls `body` with every live observer, in order, borrowed.
    ///
    /// Observers added during the pass are not visited; one removed during the pass is
    /// skipped if the pass has not reached it yet.
    // Always inlined: called with a closure, the pass would make one more indirect call
    // per observer.
    @inlinable @inline(__always)
    func forEachActive(_ body: (StateObserver<State>) -> Void) {
        passDepth += 1
        // A snapshot: the pass reads no class property per observer, and observers added
        // meanwhile (who already got the current value) are not in it. One removed
        // meanwhile stays alive in `retired` and is skipped through its `isActive` flag.
        let snapshot = observers
        for case let observer? in snapshot {
            withBorrowed(observer) { observer in
                if observer.isActive { body(observer) }
            }
        }
        passDepth -= 1
        // Removals outside a pass compact at once, so only retired observers leave work.
        if passDepth == 0 && !retired.isEmpty { endPass() }
    }

    /// The most recently added observer, if it is still live.
    var newest: StateObserver<State>? {
        guard let last = observers.last, let observer = last else { return nil }
        return observer.takeUnretainedValue()
    }

    /// The number of subscriptions the live observers stand for.
    var subscriptionCount: Int {
        var count = 0
        for case let observer? in observers { count += observer.takeUnretainedValue().subscriptionCount }
        return count
    }

    @usableFromInline
    func endPass() {
        retired.removeAll()
        compactIfWorthIt()
    }

    func compactIfWorthIt() {
        guard passDepth == 0, vacancies > 16, vacancies * 2 > observers.count else { return }
        var live = ContiguousArray<Unmanaged<StateObserver<State>>?>()
        live.reserveCapacity(observers.count - vacancies)
        for case let observer? in observers {
            observer.takeUnretainedValue().slot = live.count
            live.append(observer)
        }
        observers = live
        vacancies = 0
    }

    private func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        // A full walk keeps debug builds of big tables usable only while they are small.
        guard observers.count <= 2_048 else { return }
        var holes = 0
        for (index, slot) in observers.enumerated() {
            if let observer = slot?.takeUnretainedValue() {
                precondition(observer.slot == index && observer.isActive, "ObserverTable: slot out of sync")
            } else {
                holes += 1
            }
        }
        precondition(holes == vacancies, "ObserverTable: vacancy count out of sync")
        #endif
    }
}

/// Calls `body` with the object `reference` points to, without retaining it: the caller
/// guarantees that something else keeps it alive for the call.
// A function of our own rather than a closure passed straight to the standard library: a
// main-actor closure literal handed to a Swift 5 mode module gets a run-time executor
// check on every call.
@inlinable @inline(__always)
func withBorrowed<Object: AnyObject>(_ reference: Unmanaged<Object>, _ body: (Object) -> Void) {
    reference._withUnsafeGuaranteedRef(body)
}
