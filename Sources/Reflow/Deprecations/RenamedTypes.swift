// Names Reflow had before 1.0 that an app's files on Apple platforms also see: Foundation,
// UIKit and AppKit re-export Objective-C's `Selector`, and SwiftUI re-exports Combine's
// `Subscription`. Kept for one release so existing code compiles, with a warning that
// names the replacement.

/// The memoized selector's name before 1.0.
@available(*, deprecated, renamed: "MemoizedSelector",
           message: "Objective-C's Selector has this name on Apple platforms; use MemoizedSelector.")
public typealias Selector<State, Value> = MemoizedSelector<State, Value>

/// The subscription handle's name before 1.0.
@available(*, deprecated, renamed: "SubscriptionHandle",
           message: "Combine's Subscription has this name on Apple platforms; use SubscriptionHandle.")
public typealias Subscription = SubscriptionHandle
