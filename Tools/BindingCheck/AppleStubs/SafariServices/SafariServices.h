// mamconf's type-checking stand-in for <SafariServices/SafariServices.h>. Declarations only, written for mamconf;
// see ../README.md.
#ifndef MAMCONF_STUB_SAFARISERVICES_H
#define MAMCONF_STUB_SAFARISERVICES_H

#import <UIKit/UIKit.h>

@interface SFSafariViewController : UIViewController
@end

#endif
