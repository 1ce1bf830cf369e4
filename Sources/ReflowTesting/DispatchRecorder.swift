import Reflow

/// Records what a `Dispatch` was called with, to test `mapDispatchToActions` with mock
/// dispatch.
///
/// ```swift
/// let recorder = DispatchRecorder()
/// let actions = mapDispatchToActions(recorder.dispatch)
/// actions.rename("x")
/// #expect(recorder.actions(of: Rename.self) == [Rename(title: "x")])
/// ```
@MainActor
public final class DispatchRecorder {
    /// Every action dispatched, in order.
    public private(set) var actions: [any Action] = []

    /// Creates an empty recorder.
    public init() {
        UnoverriddenDependencies.reportAtTheRunningTest()
    }

    /// A dispatch function that records into this recorder.
    public var dispatch: Dispatch {
        Dispatch { [weak self] action in self?.actions.append(action) }
    }

    /// The recorded actions of exactly type `A`, in order.
    ///
    /// - Parameter type: The action type to pick.
    /// - Returns: The recorded actions of that type, in order.
    public func actions<A: Action>(of type: A.Type) -> [A] {
        actions.compactMap { $0 as? A }
    }

    /// Forgets what was recorded.
    public func removeAll() {
        actions.removeAll()
    }
}
