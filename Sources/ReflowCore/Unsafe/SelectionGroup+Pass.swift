/// A selection group's passes, in `Unsafe/` because they read and write each member's last
/// value and live flag through the slots' base pointers: a plain load or store per member,
/// with no exclusivity check and, in a debug build, no call of an array's unspecialized
/// subscript (S2 by closure, S3 closures). A safe view of the slots was tried: in a debug
/// build S2 by closure took 1.33–1.44× and S3 closures 1.41–1.74× as long, even with its
/// accessors transparent. That is the compiler's rule, not the view's cost: without
/// optimization it inlines a `@_transparent` function only into callers in the same
/// file (a package's files are compiled apart, and `swiftc -Onone -emit-sil` of two files
/// shows the call), so a view declared in another file is a call per access. Declared in
/// a module of its own, as `@_transparent @usableFromInline package`, the view is inlined
/// and this pass ran 0.81–0.90× in a debug build, but its bounds check per access cost
/// the release build: S3 closures 1.17–1.18× (two runs of 2 rounds, 2026-11-29).
extension SelectionGroup {
    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func comparingEqual<Watch: PassWatching>(_ group: SelectionGroup, _ state: State, _ watch: Watch) where Value: Equatable {
        group.pass {
            // Snapshots: closures called from a local array need no retain/release.
            let selects = group.selects
            let onChanges = group.onChanges
            // Invariant: `lastValues` and `isLive` have a slot per member and do not move
            // during a pass (no member joins during a pass, and compaction waits for the
            // outermost pass to end), so `last` and `live` stay valid through every
            // `onChange`, whatever it does: it may cancel members (a write to `live` seen
            // by this pass), and an action it dispatches runs after the pass.
            let last = unsafe group.lastValues.base
            let live = unsafe group.isLive.base
            // A `while` with one increment: in a debug build it measured 39 µs, a `for`
            // over the indices 41 µs and a `defer`red increment 48 µs (S3 closures, debug
            // section).
            let count = selects.count
            var index = 0
            while index < count {
                if unsafe live[index] {
                    let value = selects[index](state)
                    if let watcher = watch.watcher { group.report(evaluated: true, at: index, to: watcher) }
                    // Invariant: a live member has a last value (set on subscribe, cleared
                    // only when it is cancelled, which clears `isLive` first).
                    if unsafe value != last[index].unsafelyUnwrapped {
                        unsafe last[index] = value
                        if let watcher = watch.watcher { group.report(evaluated: false, at: index, to: watcher) }
                        onChanges[index].call(value)
                    }
                }
                index += 1
            }
            #if REFLOW_INTERNAL_CHECKS
            unsafe precondition(group.lastValues.base == last && group.isLive.base == live, "SelectionGroup: slots moved during a pass")
            #endif
        }
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func comparingCustom<Watch: PassWatching>(_ group: SelectionGroup, _ state: State, _ watch: Watch) {
        group.pass {
            let selects = group.selects
            let onChanges = group.onChanges
            let isDuplicates = group.isDuplicates
            // Invariant: as in `comparingEqual`.
            let last = unsafe group.lastValues.base
            let live = unsafe group.isLive.base
            let count = selects.count
            var index = 0
            while index < count {
                if unsafe live[index] {
                    let value = selects[index](state)
                    if let watcher = watch.watcher { group.report(evaluated: true, at: index, to: watcher) }
                    // Invariant: as in `comparingEqual`.
                    if unsafe !isDuplicates[index].call(last[index].unsafelyUnwrapped, value) {
                        unsafe last[index] = value
                        if let watcher = watch.watcher { group.report(evaluated: false, at: index, to: watcher) }
                        onChanges[index].call(value)
                    }
                }
                index += 1
            }
            #if REFLOW_INTERNAL_CHECKS
            unsafe precondition(group.lastValues.base == last && group.isLive.base == live, "SelectionGroup: slots moved during a pass")
            #endif
        }
    }}
