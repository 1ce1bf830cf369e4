extension ScreenStack {
    /// A stack built from a deep link's path, as the screens a user would have pushed to
    /// reach it: `"/repos/apple/swift/issues"` becomes a repository screen and its issues.
    ///
    /// `route` reads the components left (consuming those it reads) and returns the next
    /// screen; the stack is complete when no component is left. A path `route` does not
    /// understand (it returns `nil`, or reads nothing) gives no stack: the app then shows
    /// what it shows without a link.
    ///
    /// ```swift
    /// let stack = ScreenStack<Screen>(path: "/repos/apple/swift/issues") { components in
    ///     switch components.first {
    ///     case "repos" where components.count >= 3:
    ///         defer { components.removeFirst(3) }
    ///         return .repository("\(components[components.startIndex + 1])/\(components[components.startIndex + 2])")
    ///     case "issues":
    ///         components.removeFirst()
    ///         return .issues
    ///     default:
    ///         return nil
    ///     }
    /// }
    /// store.dispatch(NavigationAction.replace(stack?.screens ?? []))
    /// ```
    ///
    /// - Parameters:
    ///   - path: The link's path (`url.path`); empty components (`//`) are skipped.
    ///   - route: Reads one screen from the front of the components.
    public init?(path: String, route: (inout ArraySlice<Substring>) -> Screen?) {
        var components = ArraySlice(path.split(separator: "/"))
        var screens: [Screen] = []
        while !components.isEmpty {
            let before = components.count
            guard let screen = route(&components), components.count < before else { return nil }
            screens.append(screen)
        }
        self.init(screens)
    }

    /// The path of a deep link to this stack: each screen's components (`link(screen)`),
    /// bottom first, joined by `/`. ``init(path:route:)`` with the matching `route` builds
    /// the same screens again.
    ///
    /// - Parameter link: The path components of one screen.
    /// - Returns: The path, starting with `/`.
    public func path(_ link: (Screen) -> [String]) -> String {
        "/" + entries.flatMap { link($0.screen) }.joined(separator: "/")
    }
}
