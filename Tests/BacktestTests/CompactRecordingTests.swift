import Foundation
@testable import Recording
import StrategyKit
import Testing

/// The compact form: books as the changes from the previous book of their symbol, a full book
/// at intervals; the same records as the other forms, damage named by its offset, and reading
/// resumed at the next full book after it.
@Suite(.timeLimit(.minutes(10))) struct CompactRecordingTests {
    /// A 20-level book of `symbol` that changes by one level per book: a quantity, now and then
    /// a level inserted at the touch (the last falling off) or removed.
    static func books(_ count: Int, symbol: Symbol = "FOOBAR", seed: UInt64 = 11) -> [BookSnapshot] {
        var random = SplitMix64(seed: seed)
        var bids: [(Int64, Int64)] = []
        var asks: [(Int64, Int64)] = []
        for level in 0..<Int64(20) {
            bids.append((500_000 - 100 * level, 100 + level))
            asks.append((500_100 + 100 * level, 200 + level))
        }
        return (0..<count).map { (index: Int) -> BookSnapshot in
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let touch: Int64 = bids[0].0 + 50
                bids.removeLast()
                bids.insert((touch, 7), at: 0)
            case 1:
                asks.remove(at: Int.random(in: 0..<asks.count, using: &random))
                let beyond: Int64 = asks[asks.count - 1].0 + 100
                asks.append((beyond, 1))
            default:
                let level = Int.random(in: 0..<20, using: &random)
                bids[level].1 = Int64.random(in: 1...9_999, using: &random)
            }
            return RecordingFixtures.book(
                sequence: UInt64(index + 1), time: 1_700_000_000_000_000_000 + Int64(index) * 110_000, bids: bids, asks: asks,
                symbol: symbol)
        }
    }

    /// The file's size once `events` are written in `format`.
    static func size(_ events: [RecordedEvent], format: RecordingFormat) throws -> Int {
        let path = RecordingFixtures.temporaryPath("size")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(events, to: path, format: format)
        return try RecordingFixtures.bytes(path).count
    }

    @Test func jsonLinesToCompactAndBackGivesTheSameBytes() throws {
        let jsonl = RecordingFixtures.temporaryPath("a.jsonl")
        let compact = RecordingFixtures.temporaryPath("b.twrc")
        let back = RecordingFixtures.temporaryPath("c.jsonl")
        let binary = RecordingFixtures.temporaryPath("d.twrb")
        let again = RecordingFixtures.temporaryPath("e.twrc")
        defer { for path in [jsonl, compact, back, binary, again] { try? FileManager.default.removeItem(atPath: path) } }
        let events = RecordingFixtures.events(count: 400, seed: 4) + Self.books(3_000).map { .book($0) }
        try RecordingFixtures.write(events, to: jsonl, format: .jsonLines)
        #expect(try RecordingConverter.convert(jsonl, to: compact, format: .compact).isEmpty)
        try RecordingConverter.convert(compact, to: back, format: .jsonLines)
        try RecordingConverter.convert(compact, to: binary, format: .binary)
        try RecordingConverter.convert(binary, to: again, format: .compact)
        #expect(try RecordingFormat.detect(path: compact) == .compact)
        #expect(try RecordingFormat.open(path: compact).header.version == RecordingHeader.compactVersion)
        #expect(try RecordingFixtures.bytes(back) == RecordingFixtures.bytes(jsonl))
        #expect(try RecordingFixtures.bytes(again) == RecordingFixtures.bytes(compact))
        #expect(try RecordingFormat.open(path: compact).readAll() == events)
    }

    @Test func aBookCostsBytesInProportionToItsChange() throws {
        let books = Self.books(2)
        let one = try Self.size([.book(books[0])], format: .compact)
        let changed = try Self.size(books.map { .book($0) }, format: .compact) - one
        let same = try Self.size([.book(books[0]), .book(books[0])], format: .compact) - one
        var moreChanges = books[1]
        for index in 0..<10 { moreChanges.bids[index].qty = Quantity(shares: 10_000 + Int64(index)) }
        let tenChanged = try Self.size([.book(books[0]), .book(moreChanges)], format: .compact) - one
        let whole = try Self.size([.book(books[0])], format: .binary) - Self.size([], format: .binary)
        // kind, length, stream, seq, times, flags and a check value: 12 bytes.
        #expect(same <= 12)
        #expect(changed <= 20)
        #expect(tenChanged > changed && tenChanged <= same + 40)
        #expect(whole > 20 * changed)
    }

    @Test func aFullBookComesAtLeastEveryInterval() throws {
        let path = RecordingFixtures.temporaryPath("interval.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let books = Self.books(2 * CompactForm.keyFrameInterval + 5)
        try RecordingFixtures.write(books.map { .book($0) }, to: path, format: .compact)
        let kinds = try Self.recordKinds(path)
        #expect(kinds.count == books.count)
        let keyFrames = kinds.indices.filter { kinds[$0] == CompactForm.keyFrame }
        #expect(keyFrames.first == 0)
        #expect(zip(keyFrames, keyFrames.dropFirst()).allSatisfy { $1 - $0 <= CompactForm.keyFrameInterval })
        #expect(keyFrames.count >= 3)
    }

    @Test func aDamagedDeltaIsReportedNamingItsOffsetAndReadingResumesAtTheNextFullBook() throws {
        let path = RecordingFixtures.temporaryPath("damaged.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let books = Self.books(CompactForm.keyFrameInterval + 300).map { RecordedEvent.book($0) }
        try RecordingFixtures.write(books, to: path, format: .compact)
        let offsets = try Self.recordOffsets(path)
        let kinds = try Self.recordKinds(path)
        let damaged = 40
        let resumed = try #require((damaged...).first { kinds[$0] == CompactForm.keyFrame })
        #expect(kinds[damaged] == CompactForm.delta && resumed > damaged + 1)
        var bytes = try RecordingFixtures.bytes(path)
        bytes[offsets[damaged] + 4] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let reader = try RecordingFormat.open(path: path)
        for index in 0..<damaged { #expect(try reader.next() == books[index]) }
        #expect(throws: BacktestError.malformedRecord(
            path: path, record: damaged + 1,
            reason: "at byte \(offsets[damaged]): its check value does not match its bytes: the record is damaged")) {
            try reader.next()
        }
        #expect(try reader.readAll() == Array(books[resumed...]))
        #expect(reader.warnings == [.damageSkipped(path: path, offset: offsets[damaged], bytes: offsets[resumed] - offsets[damaged])])
    }

    /// With two symbols, reading resumes at the first intact full book of either; the other's
    /// deltas wait for its own next full book.
    @Test func afterDamageEachSymbolResumesAtItsOwnNextFullBook() throws {
        let path = RecordingFixtures.temporaryPath("two.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = Self.books(CompactForm.keyFrameInterval + 100, symbol: "FOOBAR").map { RecordedEvent.book($0) }
        let second = Self.books(CompactForm.keyFrameInterval, symbol: "BARFOO", seed: 12).map { RecordedEvent.book($0) }
        // FOOBAR alone for 100 books, then the two in turn.
        let events = Array(first.prefix(100)) + zip(first.dropFirst(100), second).flatMap { [$0, $1] }
        try RecordingFixtures.write(events, to: path, format: .compact)
        let offsets = try Self.recordOffsets(path)
        var bytes = try RecordingFixtures.bytes(path)
        bytes[offsets[50] + 3] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let reader = try CompactRecordingReader(path: path)
        for index in 0..<50 { #expect(try reader.next() == events[index]) }
        #expect(throws: BacktestError.self) { try reader.next() }
        // BARFOO's first book (events[101]) is the next full book; FOOBAR's next is its 1001st.
        let foobarResumes = 100 + 2 * (CompactForm.keyFrameInterval - 100)
        let expected = events[100...].enumerated().filter { offset, _ in offset % 2 == 1 || 100 + offset >= foobarResumes }
        #expect(try reader.readAll() == expected.map(\.element))
        #expect(reader.warnings == [
            .damageSkipped(path: path, offset: offsets[50], bytes: offsets[101] - offsets[50]),
            .booksSkippedAfterDamage(path: path, count: (foobarResumes - 100) / 2 - 1),
        ])
    }

    @Test func eachReaderRefusesTheOtherBinaryVersionByItsVersion() throws {
        let compact = RecordingFixtures.temporaryPath("current.twrc")
        let binary = RecordingFixtures.temporaryPath("v2.twrb")
        defer { for path in [compact, binary] { try? FileManager.default.removeItem(atPath: path) } }
        let events = Self.books(3).map { RecordedEvent.book($0) }
        try RecordingFixtures.write(events, to: compact, format: .compact)
        try RecordingFixtures.write(events, to: binary, format: .binary)
        #expect(throws: BacktestError.badHeader(path: compact, reason: "version \(RecordingHeader.compactVersion) is the compact form, not the binary one")) {
            try BinaryRecordingReader(path: compact)
        }
        #expect(throws: BacktestError.badHeader(path: binary, reason: "version 2 is the binary form, not the compact one")) {
            try CompactRecordingReader(path: binary)
        }
        #expect(try RecordingFormat.detect(path: binary) == .binary)
        #expect(try RecordingFormat.open(path: binary).readAll() == events)
        #expect(RecordingFormat(fileName: "a.twrc") == .compact && RecordingFormat(fileName: "a.twrb") == .binary)
        #expect(RecordingFormat(fileName: "a.jsonl") == .jsonLines)
    }

    /// Deltas that no writer of the form makes, with a valid check value: damage, named.
    @Test(arguments: [
        ([CompactForm.delta], [0x07, 0, 0, 0, 0], "a delta of stream 7, which no full book started"),
        ([CompactForm.delta], [0, 0, 0, 0, 4], "change flags 4 are not 0 to 3"),
        ([CompactForm.delta], [0, 0, 0, 0, 1, 1, 0x0C, 0, 0], "edit 0 of 3 entries does not fit the side"),
        ([CompactForm.delta], [0, 0, 0, 0, 1, 1, 0x04, 0, 0], "keeps 1 entries of 0 left"),
        ([CompactForm.delta], [0, 0, 0, 0, 1, 9, 0x0C], "a side of 9 entries is beyond what the record and the previous book hold"),
        ([CompactForm.delta], [0, 0, 0, 0, 0, 9], "1 bytes after the edits"),
        ([9], [0], "unknown record kind 9"),
    ] as [([UInt8], [UInt8], String)])
    func aDeltaNoWriterMakesIsDamageNamingItsOffset(kind: [UInt8], body: [UInt8], reason: String) throws {
        let path = RecordingFixtures.temporaryPath("hand.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write([.book(RecordingFixtures.book(sequence: 1, time: 1, bids: [], asks: []))], to: path, format: .compact)
        let before = try RecordingFixtures.bytes(path)
        var record: [UInt8] = []
        CompactBookEncoder.appendRecord(kind: kind[0], body: body, to: &record)
        try Data(before + record).write(to: URL(fileURLWithPath: path))
        let reader = try RecordingFormat.open(path: path)
        _ = try reader.next()
        #expect(throws: BacktestError.malformedRecord(path: path, record: 2, reason: "at byte \(before.count): \(reason)")) {
            try reader.next()
        }
    }

    /// The offset of every record after the header.
    static func recordOffsets(_ path: String) throws -> [Int] {
        try records(path).map(\.offset)
    }

    /// Version 3's check value as RECORDINGS.md defines it, a byte at a time: every length's
    /// last partial word (read in one load from the end when the bytes hold eight) folds the same.
    @Test func versionThreeCheckValuesAreTheFormatsForEveryTailLength() {
        func reference(_ bytes: [UInt8]) -> UInt32 {
            var state: UInt64 = 0xCBF2_9CE4_8422_2325
            for start in stride(from: 0, to: bytes.count, by: 8) {
                var word: UInt64 = 0
                for (offset, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() { word |= UInt64(byte) << (8 * offset) }
                let product = (state ^ word) &* 0x100000001b3
                state = product << 29 | product >> 35
            }
            state = (state ^ UInt64(bytes.count)) &* 0x100000001b3
            return UInt32(truncatingIfNeeded: state ^ (state >> 32))
        }
        var random = SplitMix64(seed: 5)
        for length in 0..<41 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(bytes.withUnsafeBytes { CompactCheck.version3($0) } == reference(bytes), "length \(length)")
        }
    }

    /// The kind byte of every record after the header.
    static func recordKinds(_ path: String) throws -> [UInt8] {
        try records(path).map(\.kind)
    }

    private static func records(_ path: String) throws -> [(offset: Int, kind: UInt8)] {
        let bytes = try RecordingFixtures.bytes(path)
        let headerLength = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        var offset = 8 + headerLength
        var records: [(offset: Int, kind: UInt8)] = []
        while offset < bytes.count {
            var (length, shift, field) = (0, 0, 1)
            while true {
                let byte = bytes[offset + field]
                length |= Int(byte & 0x7F) << shift
                field += 1
                shift += 7
                if byte < 0x80 { break }
            }
            records.append((offset, bytes[offset]))
            offset += field + length + 4
        }
        return records
    }
}
