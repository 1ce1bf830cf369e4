/// The store's observers in subscription order, with O(1) removal.
///
/// Removal leaves a hole (`nil`) so indexes stay valid while a notification pass walks the
/// array; holes are squeezed out once they outnumber live observers, outside a pass, which
/// keeps removal O(1) amortized and iteration proportional to live observers.
@MainActor @usableFromInline
final class ObserverTable<State> {
    @usableFromInline private(set) var observers: ContiguousArray<StateObserver<State>?> = []
    @usableFromInline var vacancies = 0
    @usableFromInline var passDepth = 0

    @inlinable var isNotifying: Bool { passDepth > 0 }
    @inlinable var isEmpty: Bool { observers.count == vacancies }

    @usableFromInline init() {}
    var liveCount: Int { observers.count - vacancies }

    deinit {
        for case let observer? in observers { observer.sourceDidEnd() }
    }

    /// Adds `observer` and returns the subscription that ends it.
    func subscribe(_ observer: StateObserver<State>) -> Subscription {
        insert(observer)
        return Subscription(target: observer)
    }

    func insert(_ observer: StateObserver<State>) {
        observer.slot = observers.count
        observer.table = self
        observers.append(observer)
        checkInvariants()
    }

    func remove(_ observer: StateObserver<State>) {
        guard observer.isActive, observer.table === self else { return }
        observer.isActive = false
        observers[observer.slot] = nil
        vacancies += 1
        compactIfWorthIt()
        checkInvariants()
    }

    /// Calls every live observer once with `state`, in subscription order. Observers added
    /// during the pass already saw the current value and are not called.
    @inlinable
    func notify(_ state: State) {
        passDepth += 1
        // A snapshot: the pass reads no class property per observer, and observers added
        // meanwhile (who already got the current value) are not in it. One cancelled
        // meanwhile is skipped through its `isActive` flag.
        let snapshot = observers
        for case let observer? in snapshot where observer.isActive {
            observer.notify(state)
        }
        passDepth -= 1
        compactIfWorthIt()
    }

    @usableFromInline
    func compactIfWorthIt() {
        guard passDepth == 0, vacancies > 16, vacancies * 2 > observers.count else { return }
        var live = ContiguousArray<StateObserver<State>?>()
        live.reserveCapacity(observers.count - vacancies)
        for case let observer? in observers {
            observer.slot = live.count
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
        for (index, observer) in observers.enumerated() {
            if let observer {
                precondition(observer.slot == index && observer.isActive, "ObserverTable: slot out of sync")
            } else {
                holes += 1
            }
        }
        precondition(holes == vacancies, "ObserverTable: vacancy count out of sync")
        #endif
    }
}
