/**
 * The DSL helper names Nuclei knows (projectdiscovery/dsl plus Nuclei's own `resolve` and
 * `getNetworkPort`). In request text Nuclei evaluates a `{{name(…)}}` placeholder only when the
 * name is one of these; any other call (`{{shell_exec('id')}}` in a PHP payload) fails to compile
 * and is sent as written. So only these names can make a template "call a helper the engine lacks".
 */
const NAMES = `aes_cbc aes_gcm base64 base64_decode base64_py bin_to_dec compare_versions concat contains
contains_all contains_any count date_time dec_to_hex deflate ends_with equals_any generate_java_gadget
generate_jwt getNetworkPort gzip gzip_decode hex_decode hex_encode hex_to_dec hmac html_escape
html_unescape index inflate ip_format jarm join json_minify json_prettify len line_ends_with
line_starts_with llm_prompt md5 mmh3 oct_to_dec padding print_debug public_ip rand_base rand_char
rand_int rand_ip rand_text_alpha rand_text_alphanumeric rand_text_numeric regex regex_all regex_any
remove_bad_chars repeat replace replace_regex resolve reverse sha1 sha256 sha512 sort split
starts_with substr to_lower to_number to_string to_title to_unix_time to_upper trim trim_left
trim_prefix trim_right trim_space trim_suffix uniq unix_time unpack url_decode url_encode wait_for
xor zip zlib zlib_decode`.split(/\s+/);

// Nuclei registers every helper under its name without underscores too (`base64decode`).
const KNOWN = new Set(NAMES.flatMap((name) => [name, name.replace(/_/g, '')]));

export const isNucleiHelper = (name: string): boolean => KNOWN.has(name);
