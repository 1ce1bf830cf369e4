import ReflowUnsafe

/// A key-path group's pass. The refresh brings each distinct key path's last value up to
/// the state before any member is told (``SelectorRefresh``, in `Unsafe/`, which reads the
/// state's bytes); the delivery then visits the members, all of them or the few whose
/// selector changed, reading the selectors' slots through `PassSlots` and each member
/// through `ExactClass`.
extension KeyPathGroup {
    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func sharingProjections<Watch: PassWatching>(_ group: KeyPathGroup, _ state: State, _ watch: Watch) {
        let changedMembers = group.refresh(from: state)
        // Read once per pass, from the group: see `ExactClass`.
        let memberClass = group.memberClass
        // Asked once per pass: `nil` in an unwatched pass, where an optimized build drops
        // every report; a debug build would otherwise ask `watch` twice per member, a
        // protocol call each (S2 by key path, debug section).
        let watcher = watch.watcher
        // Members may leave during the pass (their selector's last value may then be
        // vacated, as no member reads it), but none can join, so no selector is added or
        // reused and the slots neither grow nor shrink (the views enforce it).
        group.lastValues.withPassView { lastValues in
            group.changed.withPassView { changed in
                // One slot each per selector: checked once, so that an optimized build
                // checks a member's selector against one count, not against both.
                changed.require(count: lastValues.count)
                // One S3 dispatch changes one value of 1,000: visit only its members, unless
                // a watcher wants every member reported.
                if watcher == nil, let chosen = group.slotsToVisit(changedMembers: changedMembers) {
                    group.members.forEachActive(inSlots: chosen) { observer in
                        let member = memberClass.cast(observer)
                        deliver(lastValues, at: member.selector, to: member, in: group, watchedBy: nil)
                    }
                } else {
                    group.members.forEachActive(upTo: group.members.slotCount) { observer in
                        let member = memberClass.cast(observer)
                        let selector = member.selector
                        if let watcher { group.report(member, fired: false, to: watcher) }
                        // Most members' selectors did not change: decide on `changed` before
                        // reading the value (S7 with `slice:`, 990 of 1,000).
                        if member.isInSync && !changed.value(at: selector) { return }
                        deliver(lastValues, at: selector, to: member, in: group, watchedBy: watcher)
                    }
                }
            }
        }
    }

    /// The member slots a pass must visit, in subscription order, when they are few: the
    /// members of changed selectors, when those are at most a quarter of the slots and
    /// every member is in sync (then only they can deliver). `nil` when the pass must
    /// visit every member; that pass brings each into sync.
    ///
    /// Not generic over the values, so not inlined: the loop reads only integers and
    /// flags.
    ///
    /// - Parameter changedMembers: How many members the changed selectors have.
    /// - Complexity: O(*n*) in member slots, a load or two each.
    @usableFromInline
    func slotsToVisit(changedMembers: Int) -> ContiguousArray<Int>? {
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
        memberSelectors.appendSlots(namingSetFlagsOf: changed, to: &chosen)
        return chosen
    }

    /// Delivers the last value of `member`'s selector to it if it differs from what the
    /// member delivered last.
    // Apart from the member loop so that, in a debug build, the loop's step (run for every
    // member, mostly to find its selector unchanged) allocates no `Value` temporary, whose
    // size is looked up on entry (S3 and S7 at an index, debug section).
    @inlinable @inline(__always)
    static func deliver(_ lastValues: PassSlots<Value>, at selector: Int, to member: KeyPathMember<State, Value>,
                        in group: KeyPathGroup, watchedBy watcher: (any NotificationWatcher)?) {
        // A member's selector stays live while the member is (a selector is freed with its
        // last member), so its last value is not vacated.
        #if REFLOW_INTERNAL_CHECKS
        group.lastValues.checkReadable(selector)
        #endif
        let current = lastValues.value(at: selector)
        if !member.isInSync {
            member.isInSync = true
            if current == member.lastValue { return }
        }
        member.lastValue = current
        if let watcher {
            group.deliverWatched(current, to: member, watchedBy: watcher)
        } else {
            member.onChange(current)
        }
    }

    /// Brings every live selector's `lastValues` and `changed` up to `state`.
    ///
    /// - Returns: How many members the changed selectors have.
    @inlinable
    func refresh(from state: State) -> Int {
        // Only a member out of sync is given a selector's last value without its change;
        // otherwise an equal value is not written (a copy through the value's witness per
        // selector in a debug build: S3 and S7 at an index).
        SelectorRefresh.refresh(from: state, touched: writes.footprint, keepsEqualValues: hasUnsyncedMembers,
                                keyPaths: keyPaths, elementReads: elementReads, selectorBytes: selectorBytes,
                                lastValues: lastValues, changed: changed, memberCounts: memberCounts)
    }
}

extension ObserverTable {
    /// One pass over chosen slots: calls `body` with the live observer in each of
    /// `chosen`'s slots (ascending, each below ``slotCount``), in that order, borrowed.
    ///
    /// The rules of ``forEachActive(upTo:_:)`` hold: one removed during the pass is skipped
    /// if the pass has not reached it yet.
    @inlinable @inline(__always)
    final func forEachActive(inSlots chosen: ContiguousArray<Int>, _ body: (Observer<Value>) -> Void) {
        pass {
            members.forEach(inSlots: chosen) { observer in
                if observer.isActive { body(observer) }
            }
        }
    }
}
