import Foundation
import Reports
import Testing

@Suite(.timeLimit(.minutes(10))) struct FixedTextTests {
    /// `String(format: "%.2f")`, what reports used before, is the oracle.
    @Test(arguments: [0.0, -0.0, 1.5, -0.03, 0.125, 0.135, 1.005, 2.675, -1.555, 12_345.678, 1e-9, -1e-9, 3.0e15, 1.7976931348623157e308, .nan, .infinity, -.infinity])
    func ratiosAreWrittenAsPrintfWroteThem(value: Double) {
        #expect(value.fixedText(places: 2) == String(format: "%.2f", value))
    }
}
