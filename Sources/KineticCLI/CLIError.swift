/// An error the command reports on one line of stderr before exiting with a sysexits(3) status.
public enum CLIError: Error, Sendable {
    /// The command line was wrong (unknown option, missing value, bad number): exit 64 (EX_USAGE).
    case usage(String)
    /// The input data was wrong (a bad curve spec, a malformed scene): exit 65 (EX_DATAERR).
    case data(String)
    /// An input file could not be read: exit 66 (EX_NOINPUT).
    case noInput(String)
    /// An output file could not be written: exit 73 (EX_CANTCREAT).
    case cannotCreate(String)
    /// A needed program or library is missing: exit 69 (EX_UNAVAILABLE).
    case unavailable(String)
    /// Standard output or standard error could not be written (EPIPE, ENOSPC, a closed descriptor): exit 74
    /// (EX_IOERR).
    case ioError(String)
    /// Something else failed (an interrupted render, an external program that failed): exit 70 (EX_SOFTWARE).
    case failure(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .data: 65
        case .noInput: 66
        case .unavailable: 69
        case .cannotCreate: 73
        case .ioError: 74
        case .failure: 70
        }
    }

    public var message: String {
        switch self {
        case .usage(let m), .data(let m), .noInput(let m), .cannotCreate(let m), .unavailable(let m),
            .ioError(let m), .failure(let m):
            m
        }
    }
}
