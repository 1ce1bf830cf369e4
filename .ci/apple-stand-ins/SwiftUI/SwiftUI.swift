// A stand-in for the parts of Apple's SwiftUI that Reflow uses, declared as Apple's
// documentation declares them (Binding, Transaction, withTransaction; macOS 10.15+,
// iOS 13+). The Apple type-check builds it before Reflow, so that Reflow's
// `#if canImport(SwiftUI)` glue, which Apple platforms compile, is checked against
// Apple's availability and concurrency annotations. The bodies are never run.
// SwiftUI re-exports Combine (ObservableObject), as Apple's does.

@_exported import Combine

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen public struct Transaction {
    public init() { }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public var transaction: Transaction

    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) {
        fatalError("stand-in")
    }

    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void) {
        fatalError("stand-in")
    }

    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set { }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stand-in")
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// Views, for the SwiftUI example's views (Examples/Notes): the View protocol and its
// builder, the views and modifiers the example uses, and the property wrapper that holds a
// face on iOS 16 and macOS 13. Views are `nonisolated` structs, as Apple's SDK declares
// them since Xcode 26; `body` and the `View` protocol are the main actor's. Only what the example calls is declared, each as Apple's
// documentation declares it (a subset of its initializers, never another signature).


@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen nonisolated public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen nonisolated public struct TupleView<T>: View {
    public var value: T
    @inlinable nonisolated public init(_ value: T) { self.value = value }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> where C0: View, C1: View {
        TupleView((c0, c1))
    }
    public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)>
        where C0: View, C1: View, C2: View {
        TupleView((c0, c1, c2))
    }
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View {
        fatalError("stand-in")
    }
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
        where TrueContent: View, FalseContent: View {
        fatalError("stand-in")
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen nonisolated public struct Text: View {
    nonisolated public init<S>(_ content: S) where S: StringProtocol {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
nonisolated public struct TextField<Label>: View where Label: View {
    nonisolated public init<S>(_ title: S, text: Binding<String>) where Label == Text, S: StringProtocol {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
nonisolated public struct Button<Label>: View where Label: View {
    nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text, S: StringProtocol {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@frozen nonisolated public struct VStack<Content>: View where Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
nonisolated public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    nonisolated public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
nonisolated public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ForEach: View where Content: View {
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
        where ID == Data.Element.ID, Data.Element: Identifiable {
        self.data = data
        self.content = content
    }
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
nonisolated public struct NavigationStack<Data, Root>: View where Root: View {
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
        where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {}
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension View {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    nonisolated public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View
        where D: Hashable, C: View {
        self
    }

    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol {
        self
    }

    nonisolated public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                  @ViewBuilder content: @escaping (Item) -> Content) -> some View
        where Item: Identifiable, Content: View {
        self
    }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public protocol DynamicProperty {
    mutating func update()
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension DynamicProperty {
    public mutating func update() {}
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
@propertyWrapper @frozen public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    @dynamicMemberLookup @frozen public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            fatalError("stand-in")
        }
    }

    public init(wrappedValue: ObjectType) {}
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        get { fatalError("stand-in") }
        set {}
    }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError("stand-in") }
}

@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
@frozen @propertyWrapper public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    @inlinable nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError("stand-in") }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError("stand-in") }
}
