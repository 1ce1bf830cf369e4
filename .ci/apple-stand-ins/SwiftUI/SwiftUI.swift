// A stand-in for the parts of Apple's SwiftUI that Reflow uses, declared as Apple's
// documentation declares them (Binding, Transaction, withTransaction; macOS 10.15+,
// iOS 13+). The Apple type-check builds it before Reflow, so that Reflow's
// `#if canImport(SwiftUI)` glue, which Apple platforms compile, is checked against
// Apple's availability and concurrency annotations. The bodies are never run.

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
