/// A key-path group's pass, in `Unsafe/` because both of its halves read memory through
/// raw pointers, each beside its invariant:
/// - the refresh brings each distinct key path's last value up to the state before any
///   member is told, reading the state's bytes: selectors at their stored offsets, array
///   elements through the array's buffer;
/// - the delivery visits the members (all of them, or the few whose selector changed)
///   through the selector slots' base pointers, and casts each without a dynamic check.
///
/// Both were moved to `Observers/` and measured (2026-11-29): the refresh behind a
/// bottom-layer function, the slots behind a bounds-checked view, and the members in a
/// `SlotTable` of their own type, which needs no cast. The view's accessors stayed calls
/// in a debug build (see `SelectionGroup+Pass.swift`): S3 by key paths 1.29×, S3 array
/// and index 1.25×, S7 slice at index 1.23× (debug section, 4 rounds). The typed table
/// made every cancel look up generic metadata, since a cancel runs unspecialized: S6
/// "cancel 1 of 1000" went from 94 to 575 ns in a release build (6.1×; 3.9× at 10,000).
/// With the view and an exact-class cast (one compare) in a module of their own, where a
/// debug build does inline them, the debug rows held (0.81–1.07×) but the views' bounds
/// checks cost the release rows: S7 slice at index 1.08× here, and S3 closures 1.17× in
/// the selection pass (2 rounds).
extension KeyPathGroup {
    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func sharingProjections<Watch: PassWatching>(_ group: KeyPathGroup, _ state: State, _ watch: Watch) {
        let changedMembers = group.refresh(from: state)
        // Read through the slots' base pointers, not through the group per member (a
        // class's array property is retained and released on each read: S7 with `slice:`).
        // Invariant: members may leave during the pass (their selector's entries may be
        // cleared), but none can join, so no selector is added or reused and the slots
        // neither move nor change meaning for any live member.
        let lastValues = unsafe group.lastValues.base
        let changed = unsafe group.changed.base
        // One S3 dispatch changes one value of 1,000: visit only its members, unless a
        // watcher wants every member reported.
        if watch.watcher == nil, let chosen = unsafe group.slotsToVisit(changedMembers: changedMembers, changed) {
            unsafe chosen.withUnsafeBufferPointer { chosen in
                unsafe group.members.forEachActive(inSlots: chosen) { observer in
                    let member = member(observer)
                    unsafe deliver(lastValues, at: member.selector, to: member, in: group, watch)
                }
            }
        } else {
            group.members.forEachActive(upTo: group.members.slotCount) { observer in
                let member = member(observer)
                let selector = member.selector
                if let watcher = watch.watcher { group.report(member, fired: false, to: watcher) }
                // Most members' selectors did not change: decide on `changed` before
                // reading the value (S7 with `slice:`, 990 of 1,000).
                if unsafe member.isInSync && !changed[selector] { return }
                unsafe deliver(lastValues, at: selector, to: member, in: group, watch)
            }
        }
        #if REFLOW_INTERNAL_CHECKS
        unsafe precondition(group.lastValues.base == lastValues && group.changed.base == changed,
               "KeyPathGroup: selector slots moved during a pass")
        #endif
    }

    /// The member slots a pass must visit, in subscription order, when they are few: the
    /// members of changed selectors, when those are at most a quarter of the slots and
    /// every member is in sync (then only they can deliver). `nil` when the pass must
    /// visit every member; that pass brings each into sync.
    ///
    /// Not generic over the values, so not inlined: the loop reads only integers and
    /// flags.
    ///
    /// - Parameters:
    ///   - changedMembers: How many members the changed selectors have.
    ///   - changed: Whether each selector changed in this pass.
    /// - Complexity: O(*n*) in member slots, a load or two each.
    @usableFromInline
    func slotsToVisit(changedMembers: Int, _ changed: UnsafeMutablePointer<Bool>) -> ContiguousArray<Int>? {
        guard !hasUnsyncedMembers && changedMembers <= members.slotCount / 4 else {
            // The caller visits every member now, and none can join meanwhile.
            hasUnsyncedMembers = false
            return nil
        }
        // Filled as a local (moved out of the group, so still uniquely referenced), then
        // kept again.
        var chosen = ContiguousArray<Int>()
        swap(&chosen, &chosenSlots)
        chosen.removeAll(keepingCapacity: true)
        defer { chosenSlots = chosen }
        guard changedMembers > 0 else { return chosen }
        if memberSelectors.count != members.slotCount { alignMemberSelectors() }
        chosen.reserveCapacity(changedMembers)
        // Chosen before any member is told: an `onChange` may end members (the pass then
        // skips them), but none can join.
        let selectors = unsafe memberSelectors.base
        let slotCount = members.slotCount
        var slot = 0
        while slot < slotCount {
            let selector = unsafe selectors[slot]
            if unsafe selector >= 0 && changed[selector] { chosen.append(slot) }
            slot += 1
        }
        return chosen
    }

    /// `observer`, known to be one of this group's members.
    @inlinable @inline(__always)
    static func member(_ observer: Observer<State>) -> KeyPathMember<State, Value> {
        // Invariant: a group's member table holds only its members (`subscribe` is the
        // only insert); checked when REFLOW_INTERNAL_CHECKS is set.
        // Written out rather than through `uncheckedCast(_:to:)`: a debug build calls that
        // function per member even where it is transparent (S2 by key path, debug section,
        // 1.35×).
        #if REFLOW_INTERNAL_CHECKS
        precondition(observer is KeyPathMember<State, Value>, "KeyPathGroup: a foreign member")
        #endif
        #if DEBUG
        // Through `Unmanaged` in a debug build, where `unsafeDowncast` looks up the
        // member type's metadata and casts dynamically for every member (two fifths
        // of a member's visit: benchmark S3, array and index, debug section); optimized,
        // `unsafeDowncast` is free and this form costs a retain per member.
        return unsafe Unmanaged<KeyPathMember<State, Value>>
            .fromOpaque(Unmanaged.passUnretained(observer).toOpaque()).takeUnretainedValue()
        #else
        return unsafe unsafeDowncast(observer, to: KeyPathMember<State, Value>.self)
        #endif
    }

    /// Delivers the last value of `member`'s selector, `lastValues[selector]`, to it if
    /// it differs from what the member delivered last.
    // Apart from the member loop so that, in a debug build, the loop's step (run for every
    // member, mostly to find its selector unchanged) allocates no `Value` temporary, whose
    // size is looked up on entry (S3 and S7 at an index, debug section). The base and
    // the index come apart: `lastValues + selector` would look it up in the step too (S2
    // by key path, where every member delivers).
    @inlinable @inline(__always)
    static func deliver<Watch: PassWatching>(_ lastValues: UnsafeMutablePointer<Value>, at selector: Int,
                                             to member: KeyPathMember<State, Value>, in group: KeyPathGroup,
                                             _ watch: Watch) {
        // Invariant: a member's selector stays live while the member is (a selector is
        // freed with its last member), so its last value is not vacated.
        #if REFLOW_INTERNAL_CHECKS
        group.lastValues.checkReadable(selector)
        #endif
        let current = unsafe lastValues[selector]
        if !member.isInSync {
            member.isInSync = true
            if current == member.lastValue { return }
        }
        member.lastValue = current
        if let watcher = watch.watcher {
            group.deliverWatched(current, to: member, watchedBy: watcher)
        } else {
            member.onChange(current)
        }
    }

    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    ///
    /// - Returns: How many members the changed selectors have.
    // The member loop that follows reads only these arrays: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    func refresh(from state: State) -> Int {
        let touched = writes.footprint
        // Asked once: an unscoped reducer's footprint is the whole state, and asking it per
        // selector is a call and a copy of it in a debug build (S3 at an index).
        let touchesWhole = touched.isWhole
        var changedMembers = 0
        let memberCounts = unsafe self.memberCounts.base
        // Only a member out of sync is given a selector's last value without its change;
        // otherwise an equal value is not written (a copy through the value's witness
        // per selector in a debug build: S3 and S7 at an index).
        let keepsEqualValues = hasUnsyncedMembers
        // Invariant: one slot per selector, and no selector is added during a pass (see
        // `sharingProjections`), so the bases stay valid for the loop.
        let lastValues = unsafe self.lastValues.base
        let changed = unsafe self.changed.base
        // Snapshots, walked through buffer pointers by a `while` loop: a debug build
        // then reads each entry with a load, where an array's subscript and a `for` over
        // its indices are unspecialized calls, and a property of the group is an
        // exclusivity check per read (S3 and S7 at an index, debug section).
        let keyPaths = self.keyPaths
        let elementReads = self.elementReads
        let selectorBytes = self.selectorBytes
        unsafe withUnsafeBytes(of: state) { root in
            let root = root.baseAddress!
            unsafe selectorBytes.withUnsafeBufferPointer { selectorBytes in
                unsafe elementReads.withUnsafeBufferPointer { elementReads in
                    let count = selectorBytes.count
                    // Refreshes the selectors from `start` on. `elements` is the buffer of
                    // the array at `arrayOffset` (-1 before any selector read an element).
                    // Without a buffer it stops at the first element read and returns its
                    // selector: the caller takes that array's buffer and goes on from there,
                    // so the selectors read it through the buffer, a load each, where reading
                    // the array per selector costs a retain and a metadata lookup in a debug
                    // build (S3 and S7 at an index, debug section). Not recursive, so that
                    // it is inlined into both calls (S8, release). The buffer belongs to an
                    // array held by `state`, which nothing writes while the loop runs (the
                    // only code it calls is `Value`'s `==`), so it stays valid to the end.
                    @inline(__always)
                    func refreshSelectors(from start: Int, _ elements: UnsafeBufferPointer<Value>,
                                          at arrayOffset: Int) -> Int? {
                        var index = start
                        while index < count {
                            let bytes = unsafe selectorBytes[index]
                            let elementRead = unsafe elementReads[index]
                            if let bytes, !touchesWhole, !touched.mayTouch(bytes) {
                                unsafe changed[index] = false
                                index += 1
                                continue
                            }
                            let value: Value
                            // The element path first: it is cleared with its selector, and
                            // reading it does not retain the key path (S7 with `slice:`).
                            if let elementRead {
                                if elementRead.arrayOffset == arrayOffset {
                                    // Compared in the buffer, and read here rather than by a
                                    // method of the read: in a debug build a call costs a
                                    // fifth of the pass, and each copy of a `Value` a tenth
                                    // (S3 and S7 at an index, debug section).
                                    let element = elementRead.index
                                    guard element >= 0 && element < elements.count else {
                                        elementRead.elementGone(count: elements.count)
                                    }
                                    #if REFLOW_INTERNAL_CHECKS
                                    elementRead.checkTypes(root: State.self, element: Value.self)
                                    #endif
                                    let isChanged = unsafe !(elements[element] == lastValues[index])
                                    unsafe changed[index] = isChanged
                                    if isChanged {
                                        unsafe changedMembers += memberCounts[index]
                                        unsafe lastValues[index] = unsafe elements[element]
                                    } else if keepsEqualValues {
                                        unsafe lastValues[index] = unsafe elements[element]
                                    }
                                    index += 1
                                    continue
                                } else if arrayOffset < 0 {
                                    return index
                                } else {
                                    value = unsafe elementRead.read(at: root, as: Value.self)
                                }
                            } else if let bytes {
                                // A stored path, read at its offset rather than projected: the
                                // runtime's projection looks up generic metadata on every call
                                // (S8). Without an element read, a selector's bytes are
                                // `Footprint.bytes(of:)` of its own key path (cleared with the
                                // selector; checked by `checkInvariants`, and against the
                                // projection by `KeyPathSubscriptionTests`), so a `Value` is
                                // initialized and aligned there, as in `KeyPathAccess.value(in:at:as:)`.
                                value = unsafe root.load(fromByteOffset: bytes.lowerBound, as: Value.self)
                            } else if let keyPath = keyPaths[index] {
                                value = state[keyPath: keyPath]
                            } else {
                                // A freed selector: no element path, no bytes, no key path.
                                index += 1
                                continue
                            }
                            // Invariant: a live selector's last value is not vacated.
                            // `==` itself: `!=` is one more call in a debug build.
                            let isChanged = unsafe !(value == lastValues[index])
                            unsafe changed[index] = isChanged
                            if isChanged {
                                unsafe changedMembers += memberCounts[index]
                                unsafe lastValues[index] = value
                            } else if keepsEqualValues {
                                // A member out of sync is given this value, which must be the
                                // state's, not an equal older one.
                                unsafe lastValues[index] = value
                            }
                            index += 1
                        }
                        return nil
                    }
                    guard let first = unsafe refreshSelectors(from: 0, UnsafeBufferPointer(start: nil, count: 0), at: -1),
                          let arrayOffset = unsafe elementReads[first]?.arrayOffset else { return }
                    let array = unsafe (root + arrayOffset).assumingMemoryBound(to: [Value].self)
                    unsafe array.pointee.withUnsafeBufferPointer { elements in
                        _ = unsafe refreshSelectors(from: first, elements, at: arrayOffset)
                    }
                }
            }
        }
        return changedMembers
    }
}

extension ObserverTable {
    /// One pass over chosen slots: calls `body` with the live observer in each of
    /// `chosen`'s slots (ascending, each below ``slotCount``), in that order, borrowed.
    ///
    /// The rules of ``forEachActive(upTo:_:)`` hold: one removed during the pass is skipped
    /// if the pass has not reached it yet.
    @inlinable @inline(__always)
    @unsafe final func forEachActive(inSlots chosen: UnsafeBufferPointer<Int>, _ body: (Observer<Value>) -> Void) {
        pass {
            unsafe members.forEach(inSlots: chosen) { observer in
                if observer.isActive { body(observer) }
            }
        }
    }
}
