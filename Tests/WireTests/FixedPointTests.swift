import Foundation
import StrategyKit
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct FixedPointTests {
    @Test(arguments: [
        ("187.6543", 4, Int64(1_876_543)), ("187.65", 4, 1_876_500), ("187", 4, 1_870_000),
        ("0.0001", 4, 1), ("-0.05", 4, -500), ("187.650000", 4, 1_876_500), ("1.5e2", 2, 15_000),
        ("15E-1", 1, 15), ("2.5e-3", 4, 25), ("0", 0, 0), ("-0", 4, 0), ("922337203685477.5807", 4, Int64.max),
        ("-922337203685477.5808", 4, Int64.min),
    ])
    func decimalTextIsScaledExactly(text: String, scale: Int, expected: Int64) {
        #expect(FixedPoint.parse(text, scale: scale) == expected)
    }

    @Test(arguments: [
        ("187.65432", 4), ("0.00001", 4), ("", 4), ("-", 4), ("1.", 4), (".5", 4), ("1e", 4), ("1.2.3", 4),
        (" 1", 4), ("1 ", 4), ("+1", 4), ("0x10", 4), ("922337203685477.5808", 4), ("1e30", 4), ("NaN", 4),
    ])
    func textThatCannotBeHeldExactlyIsRefused(text: String, scale: Int) {
        #expect(FixedPoint.parse(text, scale: scale) == nil)
    }

    @Test(arguments: [
        (Int64(1_876_543), 4, 2, "187.6543"), (1_876_500, 4, 2, "187.65"), (1_870_000, 4, 2, "187.00"),
        (1_870_000, 4, 0, "187"), (-500, 4, 2, "-0.05"), (1, 4, 2, "0.0001"), (0, 4, 2, "0.00"), (42, 0, 0, "42"),
        (Int64.min, 4, 0, "-922337203685477.5808"),
    ])
    func valuesAreWrittenAsExactDecimalText(value: Int64, scale: Int, minimum: Int, expected: String) {
        var bytes: [UInt8] = []
        bytes.appendFixedPoint(value, scale: scale, minimumFractionDigits: minimum)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(FixedPoint.parse(bytes, scale: scale) == value)
    }

    @Test func theReaderTakesDecimalsAsNumbersOrAsStrings() {
        #expect(Self.read("187.6543") == .success(1_876_543))
        #expect(Self.read(#" "187.65""#) == .success(1_876_500))
        #expect(Self.read(#""12.345678""#) == .failure(.refused(#"price: "12.345678" is not a decimal with at most 4 places"#)))
        #expect(Self.read("1e400") == .failure(.refused(#"price: "1e400" is not a decimal with at most 4 places"#)))
        #expect(Self.read("true") == .failure(.expected("a value", offset: 0)))
    }

    /// The first value of `json` read as a price at scale 4.
    static func read(_ json: String) -> Result<Int64, JSONReadError> {
        Array(json.utf8).withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return Result { () throws(JSONReadError) in try reader.fixedPoint(scale: 4, field: "price") }
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct DollarTextTests {
    @Test func pricesReadAndWriteAsDecimalDollars() {
        #expect(Price(dollars: "187.65") == Price(cents: 18_765))
        #expect(Price(dollars: "187.655") == Price(units: 1_876_550))
        #expect(Price(dollars: "0.0001") == Price(units: 1))
        #expect(Price(dollars: "187.65551") == nil)
        #expect(Price(dollars: "100000.0001") == nil)
        #expect(Price(dollars: "-1.00") == nil)
        #expect(Price(dollars: "10000000.01") == nil)
        var bytes: [UInt8] = []
        bytes.appendDollars(Price(cents: 18_700))
        bytes.append(UInt8(ascii: " "))
        bytes.appendDollars(Money(cents: -5))
        bytes.append(UInt8(ascii: " "))
        bytes.appendDollars(Price(units: 5_123))
        #expect(String(decoding: bytes, as: UTF8.self) == "187.00 -0.05 0.5123")
    }

    @Test func theReaderRefusesPricesOutOfRangeButTakesAnyMoney() {
        let read = { (json: String) -> (Result<Price, JSONReadError>, Result<Money, JSONReadError>) in
            Array(json.utf8).withUnsafeBytes { raw in
                var priceReader = JSONReader(raw)
                var moneyReader = JSONReader(raw)
                return (
                    Result { () throws(JSONReadError) in try priceReader.dollarPrice(field: "limit_price") },
                    Result { () throws(JSONReadError) in try moneyReader.dollarMoney(field: "cash") }
                )
            }
        }
        #expect(read(#""-12.50""#).0 == .failure(.refused("limit_price: -12.50 is out of range 0...100000.00")))
        #expect(read(#""-12.50""#).1 == .success(Money(cents: -1_250)))
        #expect(read("12.5").0 == .success(Price(cents: 1_250)))
    }
}

@Suite(.timeLimit(.minutes(10))) struct SystemReasonTests {
    @Test func aFileErrorGivesTheSystemsText() {
        #expect(throws: (any Error).self) { try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/tickwork")) }
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/tickwork"))
        } catch {
            #expect(error.systemReason == "No such file or directory")
        }
        #expect(JSONReadError.leadingZero(offset: 3).systemReason == String(describing: JSONReadError.leadingZero(offset: 3)))
    }
}
