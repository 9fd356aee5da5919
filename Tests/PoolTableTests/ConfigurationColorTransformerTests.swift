import Testing
@testable import PoolTable

@MainActor
@Suite("Configuration colour transformers")
struct ConfigurationColorTransformerTests {
    @Test("a background configuration's transformer changes the colour it fills with; transformers are equal by identity")
    func backgroundTransformer() {
        var background = BackgroundConfiguration()
        background.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        let faded = ConfigurationColorTransformer { $0.withAlpha(0.3) }
        background.backgroundColorTransformer = faded
        let canvas = RecordingCanvas()
        background.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(canvas.filledRects(color: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.3)) == [Rect(x: 0, y: 0, width: 100, height: 40)])
        // Without a colour, the theme's is transformed.
        background.backgroundColor = nil
        background.backgroundColorTransformer = .grayscale
        canvas.reset()
        background.draw(in: canvas, bounds: Rect(x: 0, y: 0, width: 100, height: 40))
        let gray = ConfigurationColorTransformer.grayscale(canvas.theme.cellBackground)
        #expect(gray.red == gray.green && gray.green == gray.blue)
        #expect(canvas.filledRects(color: gray).count == 1)
        // Equality: the same transformer (copies of it) only.
        let copy = faded
        #expect(copy == faded && faded != ConfigurationColorTransformer { $0.withAlpha(0.3) })
        var a = BackgroundConfiguration(), b = BackgroundConfiguration()
        a.backgroundColorTransformer = faded
        b.backgroundColorTransformer = faded
        #expect(a == b && a.hashValue == b.hashValue)
        b.backgroundColorTransformer = .grayscale
        #expect(a != b)
    }
}
