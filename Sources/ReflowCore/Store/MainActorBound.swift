import Dispatch

/// A value that is not `Sendable`, carried into main-actor code under one rule: it is used
/// only on the main actor. A store's initial state moved into its nonisolated initializer,
/// a Swift 5 app's reducer, effect handler or migration function, a ReSwift app's reducers,
/// middleware and thunks, and the parts of an effect an effect task carries for the main
/// actor (the rest of a `concat`, the function that delivers outputs).
///
/// Invariant: ``stored`` is read only through ``isolatedValue``, in main-actor code, where
/// the rule holds by isolation, or through ``value``, which checks that it runs on the main
/// queue (the main actor's executor) and stops the program otherwise. So the value never
/// crosses threads. `MainThreadTests` checks the stop; every store made goes through it.
// `package`: ReflowReSwift carries its ReSwift-shaped closures in it too. Usable from inlinable code:
// the Swift 5 reducer forms are inlinable, for the app's state type (benchmark S1).
@usableFromInline
package struct MainActorBound<Value>: @unchecked Sendable {
    @usableFromInline let stored: Value

    @inlinable
    package init(_ value: Value) {
        stored = value
    }

    /// The value, read from main-actor code: no check (a reducer's path, on every dispatch).
    @MainActor @inlinable
    package var isolatedValue: Value { stored }

    /// The value, read where isolation does not prove the main actor: checked.
    @inlinable
    package var value: Value {
        guard MainQueueDetection.isOnMainQueue else {
            fatalError("""
                Reflow: a reducer, middleware or thunk was called off the main thread. \
                A Reflow store runs them on the main actor; from other threads, go through the \
                store (dispatch, state), which runs them on the main thread.
                """)
        }
        return stored
    }
}
