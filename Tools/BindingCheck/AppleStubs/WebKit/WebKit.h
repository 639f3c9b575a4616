// mamconf's type-checking stand-in for <WebKit/WebKit.h>. Declarations only, written for mamconf; see ../README.md.
#ifndef MAMCONF_STUB_WEBKIT_H
#define MAMCONF_STUB_WEBKIT_H

#import <UIKit/UIKit.h>

@interface WKWebView : UIView
@end

#endif
