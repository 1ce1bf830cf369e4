/// A view bound to a reactor, as ReactorKit's `View` (renamed: SwiftUI owns `View`).
///
/// Any class adopts it with a `bag` and `bind(reactor:)`; it gets a ``reactor`` property
/// with nothing to store. Assigning a reactor binds the view once, with a fresh bag;
/// assigning another ends the old bindings first; assigning `nil` ends them.
///
/// ```swift
/// final class ProfileViewController: ReactorView {
///     var bag = SubscriptionBag()
///     let nameLabel = Label()
///
///     func bind(reactor: ProfileReactor) {
///         reactor.state.map(\.name).distinctUntilChanged()
///             .bind(to: nameLabel, \.text)
///             .store(in: bag)
///     }
///     func refreshTapped() { reactor?.action.send(.refresh) }
/// }
///
/// profileViewController.reactor = ProfileReactor()
/// ```
///
/// The view holds its reactor strongly (inside its bag); the reactor never holds its
/// view, so nothing leaks when the view goes.
@MainActor
public protocol ReactorView: AnyObject {
    /// The reactor type this view binds to.
    associatedtype Reactor: Reflow.Reactor
    /// Holds the bindings made in ``bind(reactor:)``; replaced on each assignment.
    var bag: SubscriptionBag { get set }
    /// Makes the bindings between the view and `reactor`; called once per assignment.
    func bind(reactor: Reactor)
}

extension ReactorView {
    /// The bound reactor. Setting it replaces ``bag`` (ending the old bindings) and then
    /// calls ``bind(reactor:)``.
    public var reactor: Reactor? {
        get { (bag.attachment as? ReactorAttachment)?.reactor as? Reactor }
        set {
            bag = SubscriptionBag()
            guard let reactor = newValue else { return }
            bag.attachment = ReactorAttachment(reactor, core: reactor.core)
            bind(reactor: reactor)
        }
    }
}

/// What a ``ReactorView``'s bag holds: the reactor, strongly, and its core. When the bag
/// goes (the view was released, or given another reactor), it lets go of the reactor
/// and, if that was the last reference, stops the reactor's core at once.
final class ReactorAttachment {
    private(set) var reactor: AnyObject?
    private let core: AnyReactorCore

    init(_ reactor: AnyObject, core: AnyReactorCore) {
        self.reactor = reactor
        self.core = core
    }

    deinit {
        weak var released: AnyObject?
        released = reactor
        reactor = nil
        guard released == nil else { return }
        // Bags are released on the main actor in practice; released elsewhere, the core
        // stops as soon as the main actor runs.
        ReactorCores.shutDownFromAnyThread(core)
    }
}
