#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
import Foundation
import Reflow
import Testing

/// Swift 5 code can reach a main-actor store from another thread: a framework delegate
/// called on a background queue that calls a main-actor screen, which Swift does not check.
/// Reflow stops with a message that says so, where the check is cheap; a background
/// dispatch that meets a reduction used to be reported as a dispatch from inside a reducer.
///
/// `offMainThread` stands for that hole: a main-actor closure called on a thread of its
/// own, as the Swift 5 code would call it.
@Suite struct OffMainThreadTests {
    @Test func aBackgroundDispatch_thatMeetsAReduction_saysItCameFromAnotherThread() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                nonisolated(unsafe) var store: Store<Int>?
                store = Store(reducer: Reducer { _, action in
                    guard action is StartBlocking else { return }
                    // While this reduction runs, the other thread dispatches.
                    offMainThread { store?.dispatch(FromBackground()) }
                    DispatchSemaphore(value: 0).wait()  // the process ends before this returns
                }, state: 0)
                store?.dispatch(StartBlocking())
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("dispatch(FromBackground()) was called off the main thread"))
            #expect(message.contains("await MainActor.run"))
            #expect(!message.contains("from inside a reducer"))
        }
    }

    @Test func aSubscriptionMadeOffTheMainThread_stopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: Reducer<Int> { _, _ in }, state: 0)
                offMainThread { _ = store.subscribe(\.self) { _ in } }
                DispatchSemaphore(value: 0).wait()
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Store.subscribe was called off the main thread"))
        }
    }

    @Test func aConnectionMadeOffTheMainThread_stopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: Reducer<Int> { _, _ in }, state: 0)
                offMainThread {
                    _ = Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () })
                }
                DispatchSemaphore(value: 0).wait()
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Connection(store:...) was called off the main thread"))
        }
    }

    @Test func aStoreMadeOffTheMainThread_stopsWithAMessage() async {
        // The initializer is nonisolated (a global store in Swift 5 mode), so Swift 6 code
        // can call it anywhere; it checks the thread itself.
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let made = DispatchSemaphore(value: 0)
            Thread {
                _ = Store(reducer: Reducer<Int> { _, _ in }, state: 0)
                made.signal()
            }.start()
            made.wait()
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Store(reducer:state:middleware:) was called off the main thread"))
            #expect(message.contains("Hop there first"))
        }
    }

    @Test @MainActor func aStoreMadeOnTheMainThread_fromANonisolatedInitializer_works() {
        #expect(nonisolatedGlobalStore.state == 7)
        nonisolatedGlobalStore.dispatch(FromBackground())
        #expect(nonisolatedGlobalStore.state == 8)
    }
}

private struct StartBlocking: Action {}
private struct FromBackground: Action {}

/// A global store, as ReRxSwift's README assumes one: its initializer is not on the main
/// actor, and the first use from the main actor makes it.
private let nonisolatedGlobalStore = Store(
    reducer: Reducer<Int> { state, action in if action is FromBackground { state += 1 } }, state: 7)

/// Runs `body`, a main-actor closure, on a new thread, as Swift 5 code that Swift does not
/// check would: the hole the checks are for.
private func offMainThread(_ body: @escaping @MainActor () -> Void) {
    let hole = unsafeBitCast(body, to: (@Sendable () -> Void).self)
    Thread { hole() }.start()
}
#endif
