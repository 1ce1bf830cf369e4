/// Where errors thrown by effects go.
///
/// An error ends the effect that threw it, never the store or the reactor. Set
/// ``handler`` once at launch to log or report such errors:
///
/// ```swift
/// EffectErrors.handler = { error in logger.error("effect failed: \(error)") }
/// ```
public enum EffectErrors {
    /// Called on the main actor with every error an effect throws, except
    /// `CancellationError` and errors thrown after the effect was cancelled.
    /// By default it prints the error in debug builds and does nothing in release builds.
    @MainActor public static var handler: @MainActor (any Error) -> Void = { error in
        #if DEBUG
        print("Reflow: an effect failed with \(error)")
        #endif
    }
}
