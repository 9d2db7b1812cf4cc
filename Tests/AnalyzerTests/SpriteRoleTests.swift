import Analyzer
import Testing

@Suite struct SpriteRoleTests {
    @Test func exitingIsDrawnUnderPersistingAndPersistingUnderEntering() {
        #expect(SpriteRole.exiting < .persisting)
        #expect(SpriteRole.persisting < .entering)
        #expect(SpriteRole.exiting < .entering)
        #expect(!(SpriteRole.entering < .entering))
        #expect(SpriteRole.allCases.reversed().sorted() == [.exiting, .persisting, .entering])
    }

    @Test(arguments: [
        (GlyphMutation.Action.insert, SpriteRole.entering, "entering"), (.remove, .exiting, "exiting"),
        (.transform, .persisting, "persisting"),
    ])
    func eachActionHasOneRole(action: GlyphMutation.Action, role: SpriteRole, name: String) {
        #expect(action.role == role)
        #expect(role.name == name)
    }
}
