import FoundationEssentials
import Quotes

/// The symbol directory `tickwork` searches: `symbols.csv` in the state directory once
/// `tickwork symbols refresh` has written one, else the one shipped with Tickwork.
enum DirectoryFile {
    /// Where `symbols refresh` writes the directory.
    static func path(stateDirectory: String) -> String { stateDirectory + "/symbols.csv" }

    /// The refreshed directory in `stateDirectory`, else the shipped one.
    static func load(stateDirectory: String) throws -> SymbolDirectory {
        let path = path(stateDirectory: stateDirectory)
        if let data = FileManager.default.contents(atPath: path) {
            do throws(SymbolDirectory.LoadError) {
                return try SymbolDirectory(csv: String(decoding: data, as: UTF8.self), file: path)
            } catch {
                throw CLIError.failure("\(error) (remove it to use the shipped directory)")
            }
        }
        do throws(SymbolDirectory.LoadError) {
            return try SymbolDirectory.shipped()
        } catch {
            throw CLIError.failure("\(error)")
        }
    }
}
