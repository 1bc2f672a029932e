extension SymbolDirectory {
    /// The name errors give the directory compiled into Tickwork.
    public static let shippedName = "Sources/Quotes/Directory/symbols.csv (shipped)"

    /// The directory shipped with Tickwork: `symbols.csv` beside this file, compiled into the
    /// binary (US index members and common ETFs; sources and licences in `PROVENANCE.md`).
    public static func shipped() throws(LoadError) -> SymbolDirectory {
        try SymbolDirectory(csv: String(decoding: PackageResources.symbols_csv, as: UTF8.self), file: shippedName)
    }
}
