import Testing
@testable import ReflowCore

/// The stages an owned dispatch (a hosted reactor's mutation) runs inline are written as
/// one constant for debug builds' sake; it must stay the union of those stages, and leave
/// out the two that must see each action on its way.
@Suite struct DispatchStagesTests {
    @Test func runByOwnedDispatch_isTheUnionOfTheStagesItRuns() {
        let expected: DispatchStages = [.ownedReducers, .footprints, .watched, .routes]
        #expect(DispatchStages.runByOwnedDispatch == expected)
        #expect(!DispatchStages.runByOwnedDispatch.contains(.middleware))
        #expect(!DispatchStages.runByOwnedDispatch.contains(.reductionObserver))
    }

    /// Every stage but those is left to the general path, a stage added later included.
    @Test func anyOtherStage_isNotAdmittedInline() {
        var flags = DispatchLoop<Int>.Flags()
        #expect(flags.admitsOwnedDispatch)
        for bit in 0..<8 {
            let stage = DispatchStages(rawValue: 1 << bit)
            flags.stages = [.ownedReducers, .routes, stage]
            #expect(flags.admitsOwnedDispatch == DispatchStages.runByOwnedDispatch.contains(stage), "stage bit \(bit)")
        }
        flags.stages = .ownedReducers
        flags.reducingActionType = Probe.self
        #expect(!flags.admitsOwnedDispatch)
    }

    private struct Probe: Action {}
}
