import Foundation

/// A memoized selector: derives a value from the state and recomputes it only when one of
/// its inputs changed (by `==`), as reselect does for Redux.
///
/// Build one from a key path or a function of the state, then compose: a selector of
/// other selectors runs its inputs (which are cheap projections, or memoized themselves)
/// and calls its `derive` function only when an input differs from the last call's.
///
/// ```swift
/// let todos = MemoizedSelector(\AppState.todos)
/// let filter = MemoizedSelector(\AppState.filter)
/// let visibleTodos = MemoizedSelector(todos, filter) { todos, filter in
///     todos.filter(filter.includes)            // runs only when todos or filter changed
/// }
///
/// store.subscribe(visibleTodos) { render($0) }
/// let connection = Connection(store: store,
///                             mapStateToProps: { Props(rows: visibleTodos($0).map(\.title)) },
///                             mapDispatchToActions: { _ in Actions() })
/// ```
///
/// One selector shared by many subscriptions and connections derives once per change of
/// its inputs, however many of them read it: each reader pays for the input projections
/// and an `==`, not for the derivation. ``derivationCount`` says how often it derived.
///
/// Selectors keep their last inputs and result behind a lock, so one can live in a
/// global and be read from any isolation.
///
/// It was named `Selector` before 1.0; on Apple platforms every file that imports
/// Foundation, UIKit or SwiftUI also sees Objective-C's `Selector`, so the old name is
/// ambiguous there and stays only as a deprecated alias.
public final class MemoizedSelector<State, Value>: @unchecked Sendable {
    // @unchecked: `derivations` and the memo that `evaluate` captured are only read and
    // written with `lock` held. A selector locks its inputs while holding its own lock; inputs
    // form a DAG (a selector cannot be its own input), so the locks cannot deadlock.
    private let lock = NSLock()
    /// Computes the value for a state, reusing the memo it captured; says whether it
    /// derived anew.
    private let evaluate: (State) -> (value: Value, derived: Bool)
    private var derivations = 0

    private init(evaluate: @escaping (State) -> (value: Value, derived: Bool)) {
        self.evaluate = evaluate
    }

    /// A selector that reads the value at `keyPath`.
    ///
    /// - Parameter keyPath: Where the value lives in the state.
    public convenience init(_ keyPath: KeyPath<State, Value>) {
        self.init(evaluate: { state in (state[keyPath: keyPath], true) })
    }

    /// A selector that computes its value from the state with `select`, on every call.
    ///
    /// Use it for cheap projections; derive anything costly in a selector of selectors,
    /// which memoizes.
    ///
    /// - Parameter select: A pure function of the state.
    public convenience init(_ select: @escaping (State) -> Value) {
        self.init(evaluate: { state in (select(state), true) })
    }

    /// A selector derived from one input selector; `derive` runs only when the input
    /// changed.
    ///
    /// - Parameters:
    ///   - input: The selector whose value `derive` takes.
    ///   - derive: A pure function of the input.
    public convenience init<A: Equatable>(_ input: MemoizedSelector<State, A>, _ derive: @escaping (A) -> Value) {
        let memo = Memo<A, Value>()
        self.init(evaluate: { state in memo.value(for: input(state), derive: derive) })
    }

    /// A selector derived from two input selectors; `derive` runs only when an input
    /// changed.
    ///
    /// - Parameters:
    ///   - a: The first input.
    ///   - b: The second input.
    ///   - derive: A pure function of the inputs.
    public convenience init<A: Equatable, B: Equatable>(_ a: MemoizedSelector<State, A>, _ b: MemoizedSelector<State, B>,
                                                        _ derive: @escaping (A, B) -> Value) {
        let memo = Memo<Pair<A, B>, Value>()
        self.init(evaluate: { state in
            memo.value(for: Pair(a(state), b(state))) { derive($0.first, $0.second) }
        })
    }

    /// A selector derived from three input selectors; `derive` runs only when an input
    /// changed.
    ///
    /// - Parameters:
    ///   - a: The first input.
    ///   - b: The second input.
    ///   - c: The third input.
    ///   - derive: A pure function of the inputs.
    public convenience init<A: Equatable, B: Equatable, C: Equatable>(
        _ a: MemoizedSelector<State, A>, _ b: MemoizedSelector<State, B>, _ c: MemoizedSelector<State, C>,
        _ derive: @escaping (A, B, C) -> Value
    ) {
        let memo = Memo<Pair<Pair<A, B>, C>, Value>()
        self.init(evaluate: { state in
            memo.value(for: Pair(Pair(a(state), b(state)), c(state))) { derive($0.first.first, $0.first.second, $0.second) }
        })
    }

    /// The selected value for `state`: the last result when the inputs are unchanged.
    ///
    /// - Parameter state: The state to select from.
    /// - Returns: The derived value.
    /// - Complexity: The inputs' cost and one `==` per input; the derivation only when an
    ///   input changed.
    public func callAsFunction(_ state: State) -> Value {
        lock.lock()
        defer { lock.unlock() }
        let (value, derived) = evaluate(state)
        if derived { derivations += 1 }
        return value
    }

    /// How many times this selector computed its value: its `derive` function ran (or,
    /// for a key path or function selector, it was read).
    public var derivationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return derivations
    }
}

/// The last inputs of a derived selector and the value derived from them; only touched
/// under the selector's lock.
private final class Memo<Inputs: Equatable, Value> {
    private var last: (inputs: Inputs, value: Value)?

    func value(for inputs: Inputs, derive: (Inputs) -> Value) -> (value: Value, derived: Bool) {
        if let last, last.inputs == inputs { return (last.value, false) }
        let value = derive(inputs)
        last = (inputs, value)
        return (value, true)
    }
}

/// Two inputs compared together.
private struct Pair<First: Equatable, Second: Equatable>: Equatable {
    let first: First
    let second: Second

    init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}
