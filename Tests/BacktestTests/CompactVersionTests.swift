import Foundation
@testable import Recording
import StrategyKit
import Testing

/// The compact form's versions: 4, what the writer writes, closes each record with its CRC-32;
/// version-3 files, closed by the form's first check value, still read, to the same records, and
/// their damage is still caught.
@Suite(.timeLimit(.minutes(10))) struct CompactVersionTests {
    /// A version-3 file as a build before version 4 wrote it (`tickwork record convert` of
    /// `versionThreeRecords` at commit 109256a): two streams' key frames and deltas (a quantity
    /// changed, a level inserted and one dropped, a side filled) and a timer record.
    static let versionThreeFile = Data(base64Encoded: """
        VFdSQnwAAAB7ImZvcm1hdCI6InRpY2t3b3JrLXJlY29yZGluZyIsImtpbmQiOiJib29rcyIsInByb2R1Y2VyIjoidGVzdHMi\
        LCJzeW1ib2xzIjpbIkZPT0JBUiIsIkJBUkZPTyJdLCJ2ZW51ZSI6IlRFU1RFWCIsInZlcnNpb24iOjN9ASsABlRFU1RFWAZG\
        T09CQVIBgIDQ4sa/zpcv0A8CAsCEPWTHATKIhj0eyAEUAHurFAMLAALAmgwAAQIGWgSsnw0KAit7ImtpbmQiOiJ0aW1lciIs\
        InRpbWUiOjE3MDAwMDAwMDAwMDAxNTAwMDB9UwhDWgEhAQZURVNURVgGQkFSRk9PAYC16OLGv86XL7gXAQCA0w4HkC700gMP\
        AAKAtRgAAwMHZAUIAQUE0GgGRAMNAQKAtRgAAgEH0OIOA+7PV6M=
        """)!

    /// The records of `versionThreeFile`, as JSON Lines.
    static let versionThreeRecords = """
        {"format":"tickwork-recording","kind":"books","producer":"tests","symbols":["FOOBAR","BARFOO"],"venue":"TESTEX","version":2}
        {"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1700000000000000000,"receivedTime":1700000000000001000,"bids":[[500000,100],[499900,50]],"asks":[[500100,30],[500200,20]]}
        {"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":2,"exchangeTime":1700000000000100000,"receivedTime":1700000000000101000,"bids":[[500000,90],[499900,50]],"asks":[[500100,30],[500200,20]]}
        {"kind":"timer","time":1700000000000150000}
        {"kind":"book","venue":"TESTEX","symbol":"BARFOO","seq":1,"exchangeTime":1700000000000200000,"receivedTime":1700000000000201500,"bids":[[120000,7]],"asks":[]}
        {"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":3,"exchangeTime":1700000000000300000,"receivedTime":1700000000000301000,"bids":[[500050,5],[500000,90],[499900,50]],"asks":[[500200,20]]}
        {"kind":"book","venue":"TESTEX","symbol":"BARFOO","seq":2,"exchangeTime":1700000000000400000,"receivedTime":1700000000000401500,"bids":[[120000,7]],"asks":[[121000,3]]}

        """

    /// Writes the version-3 file and its records as JSON Lines to new temporary paths.
    static func versionThreeFiles() throws -> (compact: String, jsonl: String) {
        let compact = RecordingFixtures.temporaryPath("v3.twrc")
        let jsonl = RecordingFixtures.temporaryPath("v3.jsonl")
        try versionThreeFile.write(to: URL(fileURLWithPath: compact))
        try Data(versionThreeRecords.utf8).write(to: URL(fileURLWithPath: jsonl))
        return (compact, jsonl)
    }

    /// CRC-32 a bit at a time (the reflected polynomial 0xEDB88320), independent of zlib.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func aVersionThreeFileStillReadsToTheSameRecords() throws {
        let (compact, jsonl) = try Self.versionThreeFiles()
        defer { for path in [compact, jsonl] { try? FileManager.default.removeItem(atPath: path) } }
        let expected = try RecordingFormat.open(path: jsonl).readAll()
        #expect(expected.count == 6)
        #expect(try RecordingFormat.detect(path: compact) == .compact)
        for reader in [try RecordingFormat.open(path: compact), try RecordingFormat.open(path: compact, readingAhead: true)] {
            #expect(reader.header.version == 3)
            #expect(try reader.readAll() == expected)
            #expect(reader.warnings.isEmpty)
        }
        #expect(try CompactRecordingReader(path: compact, bufferSize: 7).readAll() == expected)
    }

    @Test func aVersionThreeFileConvertsToTheCurrentVersionWithTheSameRecords() throws {
        let (compact, jsonl) = try Self.versionThreeFiles()
        let current = RecordingFixtures.temporaryPath("v4.twrc")
        let back = RecordingFixtures.temporaryPath("back.jsonl")
        defer { for path in [compact, jsonl, current, back] { try? FileManager.default.removeItem(atPath: path) } }
        try RecordingConverter.convert(compact, to: current, format: .compact)
        #expect(try RecordingFormat.open(path: current).header.version == RecordingHeader.compactVersion)
        #expect(try RecordingFormat.open(path: current).readAll() == RecordingFormat.open(path: compact).readAll())
        try RecordingConverter.convert(current, to: back, format: .jsonLines)
        #expect(try RecordingFixtures.bytes(back) == RecordingFixtures.bytes(jsonl))
        // The same records, the same frames: only the header's version and the check values differ.
        #expect(try RecordingFixtures.bytes(current).count == Self.versionThreeFile.count)
    }

    @Test func aDamagedVersionThreeRecordIsCaughtNamingItsOffset() throws {
        let (compact, jsonl) = try Self.versionThreeFiles()
        defer { for path in [compact, jsonl] { try? FileManager.default.removeItem(atPath: path) } }
        let offsets = try CompactRecordingTests.recordOffsets(compact)
        var bytes = Array(Self.versionThreeFile)
        bytes[offsets[4] + 3] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: compact))
        let reader = try RecordingFormat.open(path: compact)
        for _ in 0..<4 { _ = try reader.next() }
        #expect(throws: BacktestError.malformedRecord(
            path: compact, record: 5,
            reason: "at byte \(offsets[4]): its check value does not match its bytes: the record is damaged")) {
            try reader.next()
        }
    }

    @Test func theCurrentVersionClosesEveryRecordWithItsCRC32() throws {
        #expect(Array("123456789".utf8).withUnsafeBytes { CompactCheck.crc32($0) } == 0xCBF4_3926)
        #expect(Self.crc32("123456789".utf8) == 0xCBF4_3926)
        var random = SplitMix64(seed: 3)
        for length in 0..<100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(bytes.withUnsafeBytes { CompactCheck.crc32($0) } == Self.crc32(bytes), "length \(length)")
        }
        let path = RecordingFixtures.temporaryPath("v4.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 40, seed: 8), to: path, format: .compact)
        let bytes = try RecordingFixtures.bytes(path)
        let offsets = try CompactRecordingTests.recordOffsets(path) + [bytes.count]
        #expect(offsets.count > 40)
        for (start, end) in zip(offsets, offsets.dropFirst()) {
            let stored = UInt32(bytes[end - 4]) | UInt32(bytes[end - 3]) << 8 | UInt32(bytes[end - 2]) << 16 | UInt32(bytes[end - 1]) << 24
            #expect(stored == Self.crc32(bytes[start..<end - 4]), "record at byte \(start)")
        }
    }

    /// Any byte of a record but its length field (whose damage may read as a record cut short)
    /// changed: the record is refused, named by its number and offset.
    @Test func everyByteOfACurrentVersionRecordChangedIsCaughtNamingItsOffset() throws {
        let path = RecordingFixtures.temporaryPath("flip.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let books = CompactRecordingTests.books(3).map { RecordedEvent.book($0) }
        try RecordingFixtures.write(books, to: path, format: .compact)
        let intact = try RecordingFixtures.bytes(path)
        let offsets = try CompactRecordingTests.recordOffsets(path)
        let (start, end) = (offsets[1], offsets[2])
        #expect(try CompactRecordingTests.recordKinds(path)[1] == CompactForm.delta && intact[start + 1] < 0x80)
        for index in [start] + Array(start + 2..<end) {
            var bytes = intact
            bytes[index] ^= 0xFF
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let reader = try RecordingFormat.open(path: path)
            #expect(try reader.next() == books[0])
            #expect(throws: BacktestError.malformedRecord(
                path: path, record: 2,
                reason: "at byte \(start): its check value does not match its bytes: the record is damaged"), "byte \(index)") {
                try reader.next()
            }
        }
    }
}
