import ReflowCore

extension Reducer {
    /// Handles the ``NavigationAction``s of a ``ScreenStack`` at `stack`, and runs
    /// `screen` for the actions sent to one screen (``NavigationAction/screen(_:_:)``).
    ///
    /// ```swift
    /// let appReducer = Reducer<AppState>.combine(
    ///     .navigation(\.path, screen: screenReducer),
    ///     .on(NavigationAction<Screen>.self) { state, action in   // the parent reacts
    ///         if case .pop = action { state.pops += 1 }
    ///     }
    /// )
    /// ```
    ///
    /// Keep one stack of each screen type in a state: every stack of that type handles
    /// the same actions.
    ///
    /// - Parameters:
    ///   - stack: Where the stack lives in the state.
    ///   - screen: A reducer of one screen's state, for actions sent to it.
    /// - Returns: The reducer.
    public static func navigation<Screen>(_ stack: WritableKeyPath<State, ScreenStack<Screen>>,
                                          screen: Reducer<Screen> = .empty) -> Reducer {
        let stack = UncheckedSendable(stack)  // a key path: immutable
        return .on(NavigationAction<Screen>.self) { state, action in
            switch action {
            case .push(let pushed): state[keyPath: stack.value].push(pushed)
            case .pop: state[keyPath: stack.value].pop()
            case .popTo(let id): state[keyPath: stack.value].pop(to: id)
            case .popToRoot: state[keyPath: stack.value].popToRoot()
            case .keep(let ids): state[keyPath: stack.value].keep(ids)
            case .replace(let screens): state[keyPath: stack.value].replace(with: screens)
            case .screen(let id, let screenAction):
                guard var shown = state[keyPath: stack.value][id: id] else { return }
                screen.reduce(&shown, screenAction)
                state[keyPath: stack.value][id: id] = shown
            }
        }
    }

    /// Handles the ``PresentationAction``s of the destination at `destination`: present
    /// sets it, dismiss clears it.
    ///
    /// - Parameter destination: Where the presented destination lives in the state.
    /// - Returns: The reducer.
    public static func presentation<Destination>(_ destination: WritableKeyPath<State, Destination?>) -> Reducer {
        let destination = UncheckedSendable(destination)  // a key path: immutable
        return .on(PresentationAction<Destination>.self) { state, action in
            switch action {
            case .present(let presented): state[keyPath: destination.value] = presented
            case .dismiss: state[keyPath: destination.value] = nil
            }
        }
    }
}

extension Effects {
    /// Effects that cancel, when a ``NavigationAction`` takes screens off the stack at
    /// `stack`, every effect started `cancellable(id:)` with one of their ``ScreenID``s:
    /// a screen's requests and timers end with the screen.
    ///
    /// ```swift
    /// let loading = Effects<AppState>.on(LoadIssues.self) { action, _ in
    ///     .run { send in await send(IssuesLoaded(try await api.issues(action.repository))) }
    ///     .cancellable(id: action.screen)
    /// }
    /// let appEffects = Effects.combine(loading, .cancellingEffects(ofScreensLeaving: \.path))
    /// ```
    ///
    /// - Parameter stack: Where the stack lives in the state.
    /// - Returns: The effects.
    public static func cancellingEffects<Screen>(ofScreensLeaving stack: KeyPath<State, ScreenStack<Screen>>) -> Effects {
        let stack = UncheckedSendable(stack)  // a key path: immutable
        return .on(NavigationAction<Screen>.self) { _, state in
            .merge(state[keyPath: stack.value].removedByLastChange.map { Effect.cancel(id: $0) })
        }
    }
}
