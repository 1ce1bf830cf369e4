#if canImport(Combine)
import Combine
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
    /// Where `objectWillChange` finds the publisher: a nonisolated requirement reads it.
    nonisolated let publisherBox = PublisherBox()
    #endif

    func send() {
        sentCount += 1
        #if canImport(Combine)
        publisherBox.publisher.send()
        #endif
    }
}

#if canImport(Combine)
/// The publisher behind a face's `objectWillChange`.
final class PublisherBox: @unchecked Sendable {
    // @unchecked: the publisher is made once and never replaced; the face sends on the main
    // actor, and SwiftUI subscribes to `objectWillChange` on the main thread.
    let publisher = ObservableObjectPublisher()
}
#endif
