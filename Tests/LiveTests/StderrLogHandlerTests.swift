import Foundation
import Live
import StrategyKit
import Testing
import TestSupport
import Trading

@Suite(.timeLimit(.minutes(10))) struct StderrLogHandlerTests {
    let fixedClock: @Sendable () -> Timestamp = { Timestamp(nanoseconds: 1_449_219_736_680_986_205) }

    @Test func textLinesCarryTimeLevelPartAndFields() {
        let handler = StderrLogHandler(style: .text, clock: fixedClock)
        let line = handler.format(LogRecord(level: .warning, part: "risk", message: "denied", fields: [("code", "RISK_MAX_POSITION"), ("why", "too big")]))
        #expect(line == "2015-12-04T09:02:16.680986205Z WARNING risk: denied code=RISK_MAX_POSITION why=\"too big\"")
    }

    @Test func journalLinesHavePriorityPrefixAndNoTime() {
        let handler = StderrLogHandler(style: .journal, clock: fixedClock)
        #expect(handler.format(LogRecord(level: .error, part: "ledger", message: "torn", fields: [])) == "<3>ledger: torn")
        #expect(handler.format(LogRecord(level: .info, part: "engine", message: "ready", fields: [])) == "<6>engine: ready")
        #expect(StderrLogHandler.style(for: .text, environment: ["JOURNAL_STREAM": "8:123"]) == .journal)
        #expect(StderrLogHandler.style(for: .text, environment: [:]) == .text)
        #expect(StderrLogHandler.style(for: .json, environment: ["JOURNAL_STREAM": "8:123"]) == .json)
    }

    @Test func jsonLinesEscapeTheirStrings() throws {
        let handler = StderrLogHandler(style: .json, clock: fixedClock)
        let line = handler.format(LogRecord(level: .info, part: "engine", message: "say \"hi\"\n", fields: [("k", "v\\")]))
        let object = try JSONDecoderForTests.decode([String: String].self, from: Data(line.utf8))
        #expect(object == ["time": "2015-12-04T09:02:16.680986205Z", "level": "info", "part": "engine", "message": "say \"hi\"\n", "k": "v\\"])
    }

    /// A symbol or message from outside with every character that could end or forge a line.
    static let hostile = "FOO\n<0>BAR\r\t\u{0}\u{1b}[2J\u{7f}\u{9b}\u{2028}"
    static let hostileEscaped = #"FOO\n<0>BAR\r\t\u0000\u001b[2J\u007f\u009b\u2028"#

    @Test func textLinesEscapeControlCharactersInTheMessageAndEveryValue() {
        let handler = StderrLogHandler(style: .text, clock: fixedClock)
        let line = handler.format(LogRecord(level: .warning, part: "exchange", message: "book \(Self.hostile)", fields: [("symbol", Self.hostile)]))
        #expect(line == #"2015-12-04T09:02:16.680986205Z WARNING exchange: book "# + Self.hostileEscaped + #" symbol=""# + Self.hostileEscaped + #"""#)
        #expect(!line.contains { $0.isNewline })
    }

    @Test func journalLinesCannotForgeASecondEntryOrAPriority() {
        let handler = StderrLogHandler(style: .journal, clock: fixedClock)
        let line = handler.format(LogRecord(level: .info, part: "engine", message: "\n<0>halt \(Self.hostile)", fields: [("symbol", Self.hostile)]))
        #expect(line == #"<6>engine: \n<0>halt "# + Self.hostileEscaped + #" symbol=""# + Self.hostileEscaped + #"""#)
        #expect(!line.contains { $0.isNewline })
    }

    @Test func jsonLinesEscapeControlCharactersAndRoundTrip() throws {
        let handler = StderrLogHandler(style: .json, clock: fixedClock)
        let line = handler.format(LogRecord(level: .info, part: "engine", message: "m \(Self.hostile)", fields: [("symbol", Self.hostile)]))
        #expect(!line.contains { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false) })
        #expect(line.contains(#""symbol":""# + Self.hostileEscaped + #"""#))
        let object = try JSONDecoderForTests.decode([String: String].self, from: Data(line.utf8))
        #expect(object["symbol"] == Self.hostile && object["message"] == "m \(Self.hostile)")
    }

    @Test func textValuesWithQuotesEqualsOrBackslashesAreQuoted() {
        let handler = StderrLogHandler(style: .journal, clock: fixedClock)
        let line = handler.format(LogRecord(level: .info, part: "engine", message: #"a\b"#, fields: [("k", #"x"y"#), ("e", "a=b"), ("b", #"c\d"#), ("plain", "v")]))
        #expect(line == #"<6>engine: a\\b k="x\"y" e="a=b" b="c\\d" plain=v"#)
    }
}

