import Glibc
import ServiceSupport

/// libcurl, opened with dlopen the first time an https address is fetched, so a run that only speaks
/// plain http never loads it (nor the TLS libraries behind it), and the binary does not link it.
///
/// curl_easy_setopt and curl_easy_getinfo are variadic; they are called through pointers cast to fixed
/// C signatures, one per argument kind (long, pointer, callback), which the x86_64 and aarch64 Linux
/// calling conventions pass exactly as the variadic call would (no floating-point arguments).
final class CurlLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer
    typealias WriteCallback = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
    typealias TransferInfoCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

    let easyInit: @convention(c) () -> Handle?
    let easyCleanup: @convention(c) (Handle?) -> Void
    let easyPerform: @convention(c) (Handle?) -> Int32
    let setLong: @convention(c) (Handle?, Int32, Int) -> Int32
    let setPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
    let setWriteCallback: @convention(c) (Handle?, Int32, WriteCallback) -> Int32
    let setTransferInfoCallback: @convention(c) (Handle?, Int32, TransferInfoCallback) -> Int32
    let getInfo: @convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32
    let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let listAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let listFree: @convention(c) (OpaquePointer?) -> Void

    /// Loads `name` (normally `libcurl.so.4`) and initialises it once for the process.
    static func load(_ name: String) -> Result<CurlLibrary, ServiceError> {
        let missing = ServiceError.unreachable.with(detail: "https needs libcurl: install libcurl4")
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return .failure(missing) }
        func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
            dlsym(library, symbolName).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> Int32
        guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
              let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
              let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
              let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> Int32).self),
              let setLong = symbol("curl_easy_setopt", as: (@convention(c) (Handle?, Int32, Int) -> Int32).self),
              let setPointer = symbol("curl_easy_setopt", as: (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
              let setWrite = symbol("curl_easy_setopt", as: (@convention(c) (Handle?, Int32, WriteCallback) -> Int32).self),
              let setInfo = symbol("curl_easy_setopt", as: (@convention(c) (Handle?, Int32, TransferInfoCallback) -> Int32).self),
              let getInfo = symbol("curl_easy_getinfo", as: (@convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32).self),
              let errorText = symbol("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
              let listAppend = symbol("curl_slist_append", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
              let listFree = symbol("curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self)
        else {
            dlclose(library)
            return .failure(missing)
        }
        // CURL_GLOBAL_DEFAULT; libcurl counts calls, so every transport may make its own (and since 7.84
        // the call is thread-safe).
        guard globalInit(3) == 0 else {
            return .failure(.unreachable.with(detail: "libcurl failed to start"))
        }
        return .success(CurlLibrary(easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform, setLong: setLong,
                                    setPointer: setPointer, setWriteCallback: setWrite, setTransferInfoCallback: setInfo,
                                    getInfo: getInfo, errorText: errorText, listAppend: listAppend, listFree: listFree))
    }

    private init(easyInit: @escaping @convention(c) () -> Handle?, easyCleanup: @escaping @convention(c) (Handle?) -> Void,
                 easyPerform: @escaping @convention(c) (Handle?) -> Int32, setLong: @escaping @convention(c) (Handle?, Int32, Int) -> Int32,
                 setPointer: @escaping @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32,
                 setWriteCallback: @escaping @convention(c) (Handle?, Int32, WriteCallback) -> Int32,
                 setTransferInfoCallback: @escaping @convention(c) (Handle?, Int32, TransferInfoCallback) -> Int32,
                 getInfo: @escaping @convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32,
                 errorText: @escaping @convention(c) (Int32) -> UnsafePointer<CChar>?,
                 listAppend: @escaping @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?,
                 listFree: @escaping @convention(c) (OpaquePointer?) -> Void) {
        self.easyInit = easyInit
        self.easyCleanup = easyCleanup
        self.easyPerform = easyPerform
        self.setLong = setLong
        self.setPointer = setPointer
        self.setWriteCallback = setWriteCallback
        self.setTransferInfoCallback = setTransferInfoCallback
        self.getInfo = getInfo
        self.errorText = errorText
        self.listAppend = listAppend
        self.listFree = listFree
    }
}

/// The libcurl constants RecipeBook uses (curl/curl.h).
enum CurlOption {
    static let writeData: Int32 = 10001
    static let url: Int32 = 10002
    static let errorBuffer: Int32 = 10010
    static let userAgent: Int32 = 10018
    static let httpHeader: Int32 = 10023
    static let headerData: Int32 = 10029
    static let noProgress: Int32 = 43
    static let followLocation: Int32 = 52
    static let transferInfoData: Int32 = 10057
    static let caInfo: Int32 = 10065
    static let maxRedirects: Int32 = 68
    static let noSignal: Int32 = 99
    static let acceptEncoding: Int32 = 10102
    static let timeoutMilliseconds: Int32 = 155
    static let protocols: Int32 = 181
    static let redirectProtocols: Int32 = 182
    static let writeFunction: Int32 = 20011
    static let headerFunction: Int32 = 20079
    static let transferInfoFunction: Int32 = 20219
    static let protocolsText: Int32 = 10318
    static let redirectProtocolsText: Int32 = 10319
    /// CURLPROTO_HTTP | CURLPROTO_HTTPS.
    static let webProtocols = 1 | 2
}

enum CurlInfo {
    static let effectiveURL: Int32 = 0x100000 + 1
    static let responseCode: Int32 = 0x200000 + 2
    static let redirectCount: Int32 = 0x200000 + 20
}
