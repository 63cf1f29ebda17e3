// CCurl: libcurl (Debian's libcurl4-openssl-dev), AsyncImage's http(s) client.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per argument kind (the option is a variable here, so curl's compile-time type checks
// of constant options do not apply: they are turned off).
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*kiosk_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef int (*kiosk_curl_progress_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode kiosk_curl_set_long(CURL *c, CURLoption o, long v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode kiosk_curl_set_off(CURL *c, CURLoption o, curl_off_t v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode kiosk_curl_set_string(CURL *c, CURLoption o, const char *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode kiosk_curl_set_pointer(CURL *c, CURLoption o, void *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode kiosk_curl_set_list(CURL *c, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode kiosk_curl_set_data_callback(CURL *c, CURLoption o, kiosk_curl_data_callback f) { return curl_easy_setopt(c, o, f); }
static inline CURLcode kiosk_curl_set_progress_callback(CURL *c, kiosk_curl_progress_callback f) { return curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, f); }
static inline CURLcode kiosk_curl_get_long(CURL *c, CURLINFO i, long *v) { return curl_easy_getinfo(c, i, v); }
static inline CURLcode kiosk_curl_get_off(CURL *c, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(c, i, v); }
