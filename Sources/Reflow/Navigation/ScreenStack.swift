/// The identity of a screen in a ``ScreenStack``: given when the screen is pushed, kept
/// while it stays, never given again by that stack.
///
/// SwiftUI's `NavigationStack(path:)` takes the stack's ``ScreenStack/ids``; effects and
/// child actions name a screen by it.
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number the stack gave the screen, in the order screens were pushed.
    public let rawValue: Int

    /// The identity numbered `rawValue`: what a test names a screen by, as the stack
    /// numbers them (the first screen pushed on a new stack is 0, the next 1, …).
    ///
    /// - Parameter rawValue: The number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// Pushed screens as state: a stack of screen states, each with a stable ``ScreenID``.
///
/// Keep it in the store's state, change it with ``NavigationAction``s (handled by
/// ``Reducer/navigation(_:screen:)``), and let the views follow it: a deep link is the
/// state built from a path (``init(path:route:)``), and a back gesture is an action that
/// keeps the screens SwiftUI still shows.
///
/// ```swift
/// enum Screen: Equatable { case repository(String), issues(String) }
///
/// struct AppState: Equatable {
///     var path = ScreenStack<Screen>()
/// }
///
/// store.dispatch(NavigationAction.push(Screen.repository("apple/swift")))
/// store.dispatch(NavigationAction<Screen>.pop)
/// ```
public struct ScreenStack<Screen> {
    /// One screen of the stack and its identity.
    public struct Entry {
        /// The screen's identity, stable while it stays on the stack.
        public let id: ScreenID
        /// The screen's state.
        public var screen: Screen
    }

    /// The screens, bottom first.
    public private(set) var entries: [Entry]
    /// The number the next pushed screen gets.
    package private(set) var nextID: Int
    /// The screens the last change took off the stack, for their effects to be cancelled
    /// (``Effects/cancellingEffects(ofScreensLeaving:)``). Not part of the stack's value:
    /// two stacks with the same entries are equal whatever they last removed.
    public private(set) var removedByLastChange: [ScreenID] = []

    /// A stack of `screens`, bottom first; empty by default.
    ///
    /// - Parameter screens: The screens, each given a new identity.
    public init(_ screens: [Screen] = []) {
        entries = []
        nextID = 0
        for screen in screens { push(screen) }
        removedByLastChange = []
    }

    /// The identities of the screens, bottom first: what `NavigationStack(path:)` shows.
    public var ids: [ScreenID] { entries.map(\.id) }

    /// The screens, bottom first.
    public var screens: [Screen] { entries.map(\.screen) }

    /// The screen with identity `id`, if it is on the stack.
    ///
    /// - Parameter id: The screen's identity.
    /// - Complexity: O(log *n*): identities grow from the bottom of the stack up.
    public subscript(id id: ScreenID) -> Screen? {
        get { index(of: id).map { entries[$0].screen } }
        set {
            guard let index = index(of: id) else { return }
            guard let newValue else {
                fatalError("ScreenStack: setting screen \(id) to nil; pop it with NavigationAction.popTo or pop instead")
            }
            entries[index].screen = newValue
        }
    }

    /// Puts `screen` on top of the stack.
    ///
    /// - Parameter screen: The new screen's state.
    /// - Returns: Its identity.
    @discardableResult
    public mutating func push(_ screen: Screen) -> ScreenID {
        let id = ScreenID(rawValue: nextID)
        nextID += 1
        entries.append(Entry(id: id, screen: screen))
        removedByLastChange = []
        return id
    }

    /// Takes the top screen off the stack; on an empty stack, does nothing.
    ///
    /// - Returns: The screen taken off, if any.
    @discardableResult
    public mutating func pop() -> Screen? {
        guard let top = entries.popLast() else {
            removedByLastChange = []
            return nil
        }
        removedByLastChange = [top.id]
        return top.screen
    }

    /// Takes off every screen above the one with identity `id`; if it is not on the stack,
    /// does nothing.
    ///
    /// - Parameter id: The screen to show.
    public mutating func pop(to id: ScreenID) {
        guard let index = index(of: id) else {
            removedByLastChange = []
            return
        }
        removeEntries(after: index + 1)
    }

    /// Takes every screen off the stack.
    public mutating func popToRoot() {
        removeEntries(after: 0)
    }

    /// Keeps the screens whose identities start `ids` and takes off the rest: what a
    /// navigation stack shows after the user went back (the back button, a swipe, a long
    /// press on Back). Identities the stack does not have in that order end the kept part.
    ///
    /// - Parameter ids: The identities the view shows, bottom first.
    public mutating func keep(_ ids: [ScreenID]) {
        var kept = 0
        while kept < Swift.min(ids.count, entries.count), entries[kept].id == ids[kept] { kept += 1 }
        removeEntries(after: kept)
    }

    /// Replaces every screen with `screens`, which get new identities.
    ///
    /// - Parameter screens: The new screens, bottom first.
    public mutating func replace(with screens: [Screen]) {
        let removed = ids
        entries = []
        for screen in screens { push(screen) }
        removedByLastChange = removed
    }

    private mutating func removeEntries(after count: Int) {
        removedByLastChange = entries[count...].map(\.id)
        entries.removeSubrange(count...)
    }

    private func index(of id: ScreenID) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }
}

extension ScreenStack: RandomAccessCollection {
    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }
}

extension ScreenStack.Entry: Equatable where Screen: Equatable {}
extension ScreenStack.Entry: Hashable where Screen: Hashable {}
extension ScreenStack.Entry: Sendable where Screen: Sendable {}
extension ScreenStack: Sendable where Screen: Sendable {}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Stacks are equal when they show the same screens with the same identities and will
    /// give the next pushed screen the same identity.
    public static func == (lhs: ScreenStack, rhs: ScreenStack) -> Bool {
        lhs.entries == rhs.entries && lhs.nextID == rhs.nextID
    }
}

extension ScreenStack: Hashable where Screen: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(nextID)
    }
}

extension ScreenID: Codable {
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ScreenStack.Entry: Codable where Screen: Codable {}

/// A stack is saved with its identities and the next one it gives, so that a restored app
/// (persistence, an imported history) names its screens as before.
extension ScreenStack: Codable where Screen: Codable {
    private enum CodingKeys: String, CodingKey { case entries, nextID }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([Entry].self, forKey: .entries)
        nextID = try container.decode(Int.self, forKey: .nextID)
        let ids = entries.map(\.id.rawValue)
        guard zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }), ids.allSatisfy({ (0..<nextID).contains($0) }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .entries, in: container,
                debugDescription: "ScreenStack: identities \(ids) must grow from the bottom up and be below nextID \(nextID); "
                    + "save the stack with its own encoding, or rebuild it with ScreenStack(screens)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(nextID, forKey: .nextID)
    }
}
