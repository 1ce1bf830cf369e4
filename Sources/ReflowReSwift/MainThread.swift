import ReflowCore

import Dispatch
import Reflow

// ReSwift's API is callable from any thread, as ReSwift's is; the Reflow store underneath
// lives on the main actor. These run a piece of it there: at once on the main thread,
// otherwise by waiting for the main queue to run it (`DispatchQueue.main.sync`), so the
// caller sees its effect when the call returns, as with ReSwift.
//
// The `@unchecked Sendable` types that carry what ReSwift's API allows (results that are
// not `Sendable`, plain closures) to the main actor are not for speed: `ResultBox` below and
// Reflow's `MainActorBound`, each under the rule written beside it. Every call from a
// background queue in `ReflowReSwiftSwift5Tests` goes through `runIsolated`;
// `MainThreadTests` checks that `MainActorBound` stops off the main thread.

/// Runs `body` on the main actor and returns its result: at once when called there,
/// otherwise by waiting for the main queue to run it.
///
/// > Important: Called from another thread while the main thread waits for that thread,
/// > this waits forever; ReSwift code that reads the store from a background queue while
/// > the main thread blocks on that queue must dispatch instead.
@inlinable
func onMainActor<Result>(_ body: @MainActor () -> Result) -> Result {
    if MainQueueDetection.isOnMainQueue {
        return runIsolated(body)
    }
    return DispatchQueue.main.sync { runIsolated(body) }
}

/// Runs `body` on the main actor, as the generic form does, without boxing a result: the
/// path of every dispatch (benchmark C1).
@inlinable
func onMainActor(_ body: @MainActor () -> Void) {
    if MainQueueDetection.isOnMainQueue {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}

/// Runs `body`, already on the main queue, as main-actor code.
@inlinable
func runIsolated<Result>(_ body: @MainActor () -> Result) -> Result {
    // `assumeIsolated` returns only `Sendable` results; a state need not be one. The box
    // carries it out of the closure on the same thread.
    let box = ResultBox<Result>()
    MainActor.assumeIsolated { box.value = body() }
    return box.value!
}

/// Carries a result out of a main-actor closure that ran synchronously on this thread.
@usableFromInline
final class ResultBox<Value>: @unchecked Sendable {
    // @unchecked: written and read on one thread, one after the other (`runIsolated`).
    @usableFromInline var value: Value?

    @usableFromInline init() {}
}
