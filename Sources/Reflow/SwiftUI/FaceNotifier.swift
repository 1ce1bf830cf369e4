#if canImport(Observation)
import Observation

/// How a view face (``ObservableProps``, ``ObservableStore``, ``ObservableReactor``) tells
/// SwiftUI which of its values a view read and which changed: Observation's registrar
/// where the system has it (macOS 14, iOS 17), else nothing per property, and the face's
/// `objectWillChange` instead (``ObservedValue``).
@MainActor
protocol FaceNotifier<Owner>: AnyObject {
    associatedtype Owner: AnyObject
    func access<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>)
    func willSet<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>)
    func didSet<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>)
}

/// Observation's registrar, for a face on a system that has it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
final class ObservationNotifier<Owner: Observable & AnyObject>: FaceNotifier {
    private let registrar = ObservationRegistrar()

    func access<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>) {
        registrar.access(owner, keyPath: keyPath)
    }

    func willSet<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>) {
        registrar.willSet(owner, keyPath: keyPath)
    }

    func didSet<Member>(_ owner: Owner, _ keyPath: KeyPath<Owner, Member>) {
        registrar.didSet(owner, keyPath: keyPath)
    }
}

/// Which way the faces made from now on tell SwiftUI of changes.
@MainActor
package enum FaceNotification {
    /// Whether faces use `objectWillChange` even where Observation runs: how the package's
    /// tests run, on Linux, the path an iOS 16 app takes.
    package static var forcesWillChange = false
}
#endif
