import Foundation
import Recording
import StrategyKit
import Testing

/// Which day a recording is of, and which days a run replays.
@Suite(.timeLimit(.minutes(10))) struct DayRecordingsTests {
    private static func directory() throws -> String {
        let path = RecordingFixtures.temporaryPath("days")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func write(_ path: String, session: RecordingSession? = nil) throws {
        let header = RecordingHeader(venue: "ALPACA", symbols: ["AAPL"], producer: "tests", session: session)
        let writer = try RecordingWriter(path: path, header: header, format: RecordingFormat(fileName: path))
        try writer.close()
    }

    @Test func aDirectoryIsItsDayFilesInDateOrderAndOthersAreIgnored() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["2026-11-03.twrc", "2026-11-02.jsonl", "2026-11-10.twrb", "notes.txt", "2026-11-04.twrc.partial", "2026-02-30.twrc"] {
            try Self.write(root + "/" + name)
        }
        let days = try DayRecordings.select([root])
        #expect(days.map(\.date) == ["2026-11-02", "2026-11-03", "2026-11-10"])
        #expect(days.map(\.path) == ["2026-11-02.jsonl", "2026-11-03.twrc", "2026-11-10.twrb"].map { root + "/" + $0 })
        #expect(try DayRecordings.select([root + "/"], from: "2026-11-03", to: "2026-11-09").map(\.date) == ["2026-11-03"])
        #expect(try DayRecordings.select([root], from: "2026-11-04").map(\.date) == ["2026-11-10"])
        #expect(try DayRecordings.select([root], to: "2026-11-01").isEmpty)
    }

    @Test func aFileIsOfTheDayItsNameOrItsHeaderSays() throws {
        let root = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let named = root + "/2026-11-05.twrc"
        let withSession = root + "/aapl.jsonl"
        let plain = root + "/books.twrb"
        let open = Timestamp(nanoseconds: 1_796_311_800_000_000_000)
        let (close, early) = (Timestamp(nanoseconds: 1_796_335_200_000_000_000), Timestamp(nanoseconds: 1_796_292_000_000_000_000))
        try Self.write(named)
        try Self.write(withSession, session: RecordingSession(
            date: "2026-11-06", open: open, close: close, extendedOpen: early, extendedClose: nil))
        try Self.write(plain)
        let days = try DayRecordings.select([withSession, named, plain])
        #expect(days == [
            RecordingDay(date: "2026-11-06", path: withSession), RecordingDay(date: "2026-11-05", path: named),
            RecordingDay(date: nil, path: plain),
        ])
        #expect(try RecordingFormat.open(path: withSession).header.session?.extendedOpen == early)
        #expect(throws: BacktestError.io(path: plain, reason: "its day is unknown (name it YYYY-MM-DD.twrc, or give no --from/--to)")) {
            try DayRecordings.select([named, plain], from: "2026-11-01")
        }
    }

    @Test(arguments: ["2026-13-01", "2026-2-01", "yesterday", "2025-02-29", "２０２６-11-01"])
    func refusesADateThatIsNotOne(text: String) {
        #expect(throws: BacktestError.io(path: "--from", reason: "\(text) is not a date (YYYY-MM-DD)")) {
            try DayRecordings.select([], from: text)
        }
    }

    @Test func refusesAPathThatIsNotThere() {
        #expect(throws: BacktestError.io(path: "/nonexistent/AAPL", reason: "no such file or directory")) {
            try DayRecordings.select(["/nonexistent/AAPL"])
        }
    }

    /// A trade line keeps its receive time and conditions only when they say something, so that
    /// a session recorded before them reads and writes back the same.
    @Test func aTradeLineCarriesReceiveTimeAndConditionsOnlyWhenItHasThem() throws {
        let trade = Trade(symbol: "AAPL", price: Price(units: 2_301_234), qty: 100, time: Timestamp(nanoseconds: 1_000), isOurs: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = String(decoding: try encoder.encode(RecordedEvent.trade(RecordedTrade(trade))), as: UTF8.self)
        #expect(plain == #"{"kind":"trade","trade":{"isOurs":false,"price":2301234,"qty":100,"symbol":"AAPL","time":1000}}"#)
        let full = RecordedEvent.trade(RecordedTrade(trade, receivedTime: Timestamp(nanoseconds: 1_500), conditions: ["@", "I"]))
        let text = String(decoding: try encoder.encode(full), as: UTF8.self)
        #expect(text == #"{"conditions":["@","I"],"kind":"trade","receivedTime":1500,"trade":{"isOurs":false,"price":2301234,"qty":100,"symbol":"AAPL","time":1000}}"#)
        #expect(try JSONDecoder().decode(RecordedEvent.self, from: Data(text.utf8)) == full)
        #expect(full.time == Timestamp(nanoseconds: 1_500))
        guard case .trade(let handed) = full.engineEvent else {
            Issue.record("a trade record is the engine's trade event")
            return
        }
        #expect(handed == trade)
    }
}
