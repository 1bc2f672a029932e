import FoundationEssentials
import StrategyKit
import SystemIO
import Wire

/// The company list kept in a file (`edgar-tickers.json` in a directory the caller gives, the
/// state directory), with its fetch time, so that the list of some ten thousand rows is fetched
/// once a day rather than once a command. Written whole or not at all (`DurableFile`).
///
/// The file: `{"fetchedAt":"<ISO-8601>","tickers":{...}}`, the list in EDGAR's own shape
/// (`{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."},...}`) without the fields
/// it does not keep.
public struct TickerCache: Sendable {
    /// The file's path.
    public let path: String
    /// How long a fetched list is used before it is fetched again.
    public let maxAge: Duration

    /// The default file name in the caller's directory.
    public static let fileName = "edgar-tickers.json"

    /// The cache at `directory/edgar-tickers.json`, fresh for `maxAge` (a day by default).
    public init(directory: String, maxAge: Duration = .seconds(24 * 3_600)) {
        self.path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName
        self.maxAge = maxAge
    }

    /// The cached list if the file is there, readable and fetched less than `maxAge` before
    /// `now`; nil otherwise (a damaged file is as good as none: the list is fetched again).
    public func load(now: Timestamp) -> CompanyList? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let list = data.withUnsafeBytes { body -> CompanyList? in
            try? JSONReader.document(body) { reader throws(JSONReadError) in try Self.read(&reader) }
        }
        guard let list, list.fetchedAt <= now, now.nanoseconds(since: list.fetchedAt) < DurationText.wholeMilliseconds(maxAge) * 1_000_000
        else { return nil }
        return list
    }

    /// Writes `list` to the file, replacing it whole; creates the directory if need be.
    public func save(_ list: CompanyList) throws(SystemCallError) {
        var writer = JSONWriter(capacity: 64 + list.tickers.count * 64)
        writer.raw("{")
        writer.key("fetchedAt")
        writer.timestamp(list.fetchedAt)
        writer.raw(",")
        writer.key("tickers")
        writer.raw("{")
        for (index, row) in list.tickers.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(String(index))
            writer.raw(":{")
            writer.key("cik_str")
            writer.int(Int64(row.cik.value))
            writer.raw(",")
            writer.key("ticker")
            writer.string(row.ticker)
            writer.raw(",")
            writer.key("title")
            writer.string(row.title)
            writer.raw("}")
        }
        writer.raw("}}\n")
        try DurableFile.makeDirectories(DurableFile.directoryName(of: path))
        try DurableFile.replace(path, with: writer.bytes)
    }

    private static func read(_ reader: inout JSONReader) throws(JSONReadError) -> CompanyList {
        var fetchedAt: Timestamp?, rows: [CompanyTicker] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("fetchedAt") { fetchedAt = try reader.timestamp() }
            else if key.equals("tickers") { rows = try CompanyTicker.readList(&reader) }
            else { try reader.skipValue() }
        }
        guard let fetchedAt else { throw .refused("ticker cache: fetchedAt is required") }
        return CompanyList(tickers: rows, fetchedAt: fetchedAt, fromCache: true)
    }
}
