// A stand-in for the parts of Apple's Combine that Reflow uses, declared as Apple's
// documentation declares them (Combine: Publisher, Subscriber, ObservableObject,
// ObservableObjectPublisher; macOS 10.15+, iOS 13+). The Apple type-check builds it
// before Reflow, so that Reflow's `#if canImport(Combine)` branches, which Apple platforms
// compile, are the ones it checks. The bodies are never run.

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public protocol Subscriber<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public final func send() {}
    public final func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Void {}
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}
