import Quoting

/// The symbols Tickwork knows by name: the directory shipped with it (see `PROVENANCE.md`
/// beside this file) or one rebuilt by `tickwork symbols refresh`, searchable by ticker or any
/// part of a name (`SymbolDirectory+Search.swift`).
public struct SymbolDirectory: Sendable {
    /// Why a directory file cannot be used.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file is not CSV.
        case notCSV(file: String, CSVTable.ParseError)
        /// The header is neither `symbol,name,exchange,type,cik,prominence` nor the older
        /// `symbol,name,exchange,type`.
        case badHeader(file: String, found: String)
        /// A record does not have the header's fields, has an empty symbol, or a CIK or
        /// prominence that is neither empty nor a positive number.
        case badRecord(file: String, record: Int)

        public var description: String {
            switch self {
            case .notCSV(let file, let error): return "\(file): \(error)"
            case .badHeader(let file, let found):
                return "\(file): expected the header symbol,name,exchange,type,cik,prominence (or symbol,name,exchange,type), found \(found)"
            case .badRecord(let file, let record):
                return "\(file): record \(record): expected the header's fields (symbol,name,exchange,type,cik,prominence) with a symbol, "
                    + "and a CIK and prominence that are empty or positive numbers"
            }
        }
    }

    /// The columns, in order.
    public static let header = ["symbol", "name", "exchange", "type", "cik", "prominence"]
    /// The columns of a directory written before CIKs and prominence (still read: a refreshed
    /// directory in the state directory may be older than this Tickwork).
    public static let headerWithoutCIK = Array(header.prefix(4))

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
        guard let header = records.first?.map({ $0.lowercased() }), header == Self.header || header == Self.headerWithoutCIK else {
            throw .badHeader(file: file, found: records.first?.joined(separator: ",") ?? "nothing")
        }
        /// An optional positive number: nil for an empty field, else the number or a thrown error.
        func number(_ field: String, record: Int) throws(LoadError) -> Int? {
            guard !field.isEmpty else { return nil }
            guard let value = Int(field), value > 0 else { throw .badRecord(file: file, record: record) }
            return value
        }
        var entries: [DirectoryEntry] = []
        entries.reserveCapacity(records.count)
        for (index, record) in records.enumerated().dropFirst() {
            guard record.count == header.count, !record[0].isEmpty else { throw .badRecord(file: file, record: index + 1) }
            var entry = DirectoryEntry(symbol: record[0], name: record[1], exchange: record[2], type: record[3])
            if record.count == Self.header.count {
                entry.cik = try number(record[4], record: index + 1)
                entry.prominence = try number(record[5], record: index + 1)
            }
            entries.append(entry)
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
            let cik = entry.cik.map(String.init) ?? "", prominence = entry.prominence.map(String.init) ?? ""
            text += CSVTable.record([entry.symbol, entry.name, entry.exchange, entry.type, cik, prominence]) + "\n"
        }
        return text
    }

    /// `entries` (a source's list, which knows no CIKs) each with the CIK and prominence this
    /// directory gives its symbol, when it has the symbol and the entry does not say.
    public func enriching(_ entries: [DirectoryEntry]) -> [DirectoryEntry] {
        entries.map { entry in
            guard let known = self.entry(entry.symbol) else { return entry }
            var enriched = entry
            enriched.cik = entry.cik ?? known.cik
            enriched.prominence = entry.prominence ?? known.prominence
            return enriched
        }
    }
}
