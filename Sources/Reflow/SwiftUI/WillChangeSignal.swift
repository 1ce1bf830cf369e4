#if canImport(Combine)
// Combine does not mark `ObservableObjectPublisher` `Sendable`; the face's
// `objectWillChange` is a nonisolated requirement that must return it. The publisher is
// made once and never replaced; the face sends on the main actor, and SwiftUI subscribes
// on the main thread.
@preconcurrency import Combine
#endif

/// A view face's will-change signal, for SwiftUI where Observation does not run (macOS 13,
/// iOS 16): the face's `objectWillChange` as an `ObservableObject`, sent when a value a
/// view read is about to change.
@MainActor
package final class WillChangeSignal {
    /// How many times the face told its views to re-render (the package's tests count
    /// them, and benchmark V1 on this path).
    package private(set) var sentCount = 0
    #if canImport(Combine)
    /// What `objectWillChange` returns: a nonisolated requirement reads it.
    nonisolated let publisher = ObservableObjectPublisher()
    #endif

    func send() {
        sentCount += 1
        #if canImport(Combine)
        publisher.send()
        #endif
    }
}
