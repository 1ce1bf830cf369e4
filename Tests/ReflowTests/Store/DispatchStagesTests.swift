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
        var state = DispatchLoop<Int>.LoopState()
        #expect(state.admitsOwnedDispatch)
        for bit in 0..<8 {
            let stage = DispatchStages(rawValue: 1 << bit)
            state.stages = [.ownedReducers, .routes, stage]
            #expect(state.admitsOwnedDispatch == DispatchStages.runByOwnedDispatch.contains(stage), "stage bit \(bit)")
        }
        state.stages = .ownedReducers
        state.reducingActionType = Probe.self
        #expect(!state.admitsOwnedDispatch)
    }

    private struct Probe: Action {}
}
