/// What changes a ``ScreenStack``: the actions a navigation reducer
/// (``Reducer/navigation(_:screen:)``) handles.
///
/// ```swift
/// store.dispatch(NavigationAction.push(Screen.repository("apple/swift")))
/// store.dispatch(NavigationAction<Screen>.pop)
/// store.dispatch(NavigationAction<Screen>.screen(id, Star()))     // to one screen's reducer
/// ```
///
/// Every reducer of the store sees these actions, as it sees any other, so a parent reacts
/// to a child's: `.on(NavigationAction<Screen>.self) { state, action in ... }`.
public enum NavigationAction<Screen>: Action {
    /// Pushes a screen on top.
    case push(Screen)
    /// Takes the top screen off.
    case pop
    /// Takes off every screen above the one with this identity.
    case popTo(ScreenID)
    /// Takes every screen off.
    case popToRoot
    /// Keeps the screens the view still shows (bottom first) after the user went back:
    /// what the SwiftUI and UIKit glue send.
    case keep([ScreenID])
    /// Replaces the whole stack: a deep link.
    case replace([Screen])
    /// An action for one screen's own reducer (the `screen:` reducer of
    /// ``Reducer/navigation(_:screen:)``); dropped if that screen is gone.
    case screen(ScreenID, any Action)
}

/// What changes a presented destination (a sheet, an alert, a full-screen cover) kept as
/// an optional in the state: the actions ``Reducer/presentation(_:)`` handles.
///
/// ```swift
/// store.dispatch(PresentationAction.present(Destination.settings))
/// store.dispatch(PresentationAction<Destination>.dismiss)
/// ```
public enum PresentationAction<Destination>: Action {
    /// Presents a destination, replacing the one presented, if any.
    case present(Destination)
    /// Dismisses the destination presented, if any.
    case dismiss
}

extension PresentationAction: Equatable where Destination: Equatable {}
extension PresentationAction: Codable where Destination: Codable {}

/// Two navigation actions are equal when they do the same to the stack; an action for one
/// screen (``NavigationAction/screen(_:_:)``) equals another for the same screen whose
/// action is equal to it, and never one whose action is not `Equatable`.
extension NavigationAction: Equatable where Screen: Equatable {
    public static func == (lhs: NavigationAction, rhs: NavigationAction) -> Bool {
        switch (lhs, rhs) {
        case let (.push(left), .push(right)): left == right
        case (.pop, .pop), (.popToRoot, .popToRoot): true
        case let (.popTo(left), .popTo(right)): left == right
        case let (.keep(left), .keep(right)): left == right
        case let (.replace(left), .replace(right)): left == right
        case let (.screen(leftID, leftAction), .screen(rightID, rightAction)):
            leftID == rightID && Self.equal(leftAction, rightAction)
        default: false
        }
    }

    private static func equal(_ left: any Action, _ right: any Action) -> Bool {
        guard let left = left as? any Equatable else { return false }
        return equal(left, right)
    }

    private static func equal<Left: Equatable>(_ left: Left, _ right: any Action) -> Bool {
        (right as? Left).map { $0 == left } ?? false
    }
}

/// Navigation actions are saved as Swift's own `Codable` enums are (`{"push":{"_0":…}}`), so
/// that a history with them can be exported, imported and sent from the inspector. An
/// action for one screen (``NavigationAction/screen(_:_:)``) carries an action of any type
/// and cannot be: encoding or decoding one throws, saying so.
extension NavigationAction: Codable where Screen: Codable {
    private enum CodingKeys: String, CodingKey { case push, pop, popTo, popToRoot, keep, replace, screen }
    private enum PayloadKeys: String, CodingKey { case _0 }
    private struct Empty: Codable {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "NavigationAction: expected one of push, pop, popTo, popToRoot, keep or replace"))
        }
        func payload<Value: Decodable>(_: Value.Type) throws -> Value {
            try container.nestedContainer(keyedBy: PayloadKeys.self, forKey: key).decode(Value.self, forKey: ._0)
        }
        switch key {
        case .push: self = .push(try payload(Screen.self))
        case .pop: self = .pop
        case .popTo: self = .popTo(try payload(ScreenID.self))
        case .popToRoot: self = .popToRoot
        case .keep: self = .keep(try payload([ScreenID].self))
        case .replace: self = .replace(try payload([Screen].self))
        case .screen:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "NavigationAction.screen carries an action of any type and cannot be decoded; "
                    + "send the screen's action as an action of the app's own Codable type")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func payload<Value: Encodable>(_ value: Value, _ key: CodingKeys) throws {
            var nested = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: key)
            try nested.encode(value, forKey: ._0)
        }
        switch self {
        case .push(let screen): try payload(screen, .push)
        case .pop: try container.encode(Empty(), forKey: .pop)
        case .popTo(let id): try payload(id, .popTo)
        case .popToRoot: try container.encode(Empty(), forKey: .popToRoot)
        case .keep(let ids): try payload(ids, .keep)
        case .replace(let screens): try payload(screens, .replace)
        case .screen:
            throw EncodingError.invalidValue(self, .init(
                codingPath: encoder.codingPath,
                debugDescription: "NavigationAction.screen carries an action of any type and cannot be encoded; "
                    + "send the screen's action as an action of the app's own Codable type"))
        }
    }
}
