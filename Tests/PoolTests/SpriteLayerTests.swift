import Testing
import Pool

@Suite("SpriteLayer")
struct SpriteLayerTests {
    @Test("exiting sprites are drawn under persisting ones, persisting under entering")
    func stacking() {
        #expect(SpriteLayer.exiting < .persisting)
        #expect(SpriteLayer.persisting < .entering)
        #expect(SpriteLayer.exiting < .entering)
        #expect(!(SpriteLayer.entering < .entering))
        #expect(SpriteLayer.allCases.shuffled().sorted() == [.exiting, .persisting, .entering])
    }
}
