@testable import Quotes
import StrategyKit
import Testing
import Wire

/// Finnhub's quote body read with exact arithmetic: a price with more places than `Price` holds
/// is rounded, and one too large to hold is refused naming its field, never an overflow.
@Suite(.timeLimit(.minutes(10))) struct FinnhubCodecTests {
    static func body(current: String) -> [UInt8] {
        Array(#"{"c":\#(current),"h":1,"l":1,"o":1,"pc":1,"t":1700000000}"#.utf8)
    }

    @Test func placesPastAPriceUnitAreRoundedHalfAwayFromZero() throws {
        #expect(try FinnhubCodec.quote("FOO", Self.body(current: "12.34565"))?.price == Price(units: 123_457))
        #expect(try FinnhubCodec.quote("FOO", Self.body(current: "12.34564999"))?.price == Price(units: 123_456))
    }

    /// The first is `Int64.max` at eight places: adding half a unit before dividing overflowed.
    @Test(arguments: ["92233720368.54775807", "92233720368.5477", "100000.0001"])
    func aPriceTooLargeToHoldIsRefusedNamingItsField(_ text: String) {
        let error = #expect(throws: JSONReadError.self) { try FinnhubCodec.quote("FOO", Self.body(current: text)) }
        #expect(error.map { "\($0)" }?.contains("quote.c") == true, "\(String(describing: error))")
    }
}
