extension Middleware {
    /// A middleware that logs each action and what it changed in the state.
    ///
    /// ```swift
    /// let store = Store(reducer: app, state: AppState(), middleware: [.logging()])
    /// // → Increment()
    /// //   − .count: 0
    /// //   + .count: 1
    /// ```
    ///
    /// An action is logged once it has been reduced, with the change it made. So the
    /// mutations a hosted reactor's action leads to, which are dispatched while that action
    /// is handled, are logged before it, each with its own change; the action's entry
    /// follows, with the change of the whole, its mutations' included.
    ///
    /// - Parameters:
    ///   - name: A prefix for each line, to tell stores apart.
    ///   - log: Where the lines go; `print` by default.
    /// - Returns: Middleware that logs each action and the state change it made.
    public static func logging(name: String = "", log: @escaping @MainActor (String) -> Void = { print($0) }) -> Middleware {
        Middleware { context, action, next in
            let before = context.state
            next(action)
            guard context.isStoreAlive else { return }
            let prefix = name.isEmpty ? "" : "[\(name)] "
            let changes = StateDiff.render(from: before, to: context.state) ?? "  (no change)"
            log("\(prefix)→ \(action)\n\(changes)")
        }
    }
}
