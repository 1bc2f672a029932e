import Quoting

/// The symbols Tickwork knows by name: the directory shipped with it (see `PROVENANCE.md`
/// beside this file) or one rebuilt by `tickwork symbols refresh`, searchable by ticker or any
/// part of a name (`SymbolDirectory+Search.swift`).
public struct SymbolDirectory: Sendable {
    /// Why a directory file cannot be used.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file is not CSV.
        case notCSV(file: String, CSVTable.ParseError)
        /// The header is not `symbol,name,exchange,type`.
        case badHeader(file: String, found: String)
        /// A record does not have four fields, or has an empty symbol.
        case badRecord(file: String, record: Int)

        public var description: String {
            switch self {
            case .notCSV(let file, let error): return "\(file): \(error)"
            case .badHeader(let file, let found): return "\(file): expected the header symbol,name,exchange,type, found \(found)"
            case .badRecord(let file, let record):
                return "\(file): record \(record): expected four fields (symbol,name,exchange,type) with a symbol"
            }
        }
    }

    /// The columns, in order.
    public static let header = ["symbol", "name", "exchange", "type"]

    /// The entries, in the file's order.
    public let entries: [DirectoryEntry]
    /// The entries' folded names and tickers, laid out for the search.
    let index: SearchIndex
    private let indexOfSymbol: [String: Int]

    /// A directory of `entries`; a symbol given twice keeps its first entry.
    public init(_ entries: [DirectoryEntry]) {
        var seen: [String: Int] = [:]
        var kept: [DirectoryEntry] = []
        for entry in entries where seen[entry.symbol] == nil {
            seen[entry.symbol] = kept.count
            kept.append(entry)
        }
        self.entries = kept
        index = SearchIndex(kept)
        indexOfSymbol = seen
    }

    /// The directory in the CSV `text`; `file` names it in errors.
    public init(csv text: String, file: String) throws(LoadError) {
        let records: [[String]]
        do throws(CSVTable.ParseError) {
            records = try CSVTable.parse(text)
        } catch {
            throw .notCSV(file: file, error)
        }
        guard let header = records.first, header.map({ $0.lowercased() }) == Self.header else {
            throw .badHeader(file: file, found: records.first?.joined(separator: ",") ?? "nothing")
        }
        var entries: [DirectoryEntry] = []
        entries.reserveCapacity(records.count)
        for (index, record) in records.enumerated().dropFirst() {
            guard record.count == 4, !record[0].isEmpty else { throw .badRecord(file: file, record: index + 1) }
            entries.append(DirectoryEntry(symbol: record[0], name: record[1], exchange: record[2], type: record[3]))
        }
        self.init(entries)
    }

    /// The entry of `symbol` (exact ticker, any case), if the directory has it.
    public func entry(_ symbol: String) -> DirectoryEntry? {
        if let index = indexOfSymbol[symbol] ?? indexOfSymbol[symbol.uppercased()] { return entries[index] }
        return nil
    }

    /// The directory as CSV text with its header, one record a line.
    public var csv: String {
        var text = CSVTable.record(Self.header) + "\n"
        for entry in entries {
            text += CSVTable.record([entry.symbol, entry.name, entry.exchange, entry.type]) + "\n"
        }
        return text
    }
}
