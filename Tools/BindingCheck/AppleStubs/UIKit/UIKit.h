// mamconf's type-checking stand-in for <UIKit/UIKit.h>: the classes and types the Intune SDK's headers name.
// Declarations only, written for mamconf; see ../README.md for what it does not reproduce.
#ifndef MAMCONF_STUB_UIKIT_H
#define MAMCONF_STUB_UIKIT_H

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef NSString *UIApplicationOpenURLOptionsKey NS_TYPED_EXTENSIBLE_ENUM NS_SWIFT_NAME(UIApplication.OpenURLOptionsKey);
FOUNDATION_EXPORT UIApplicationOpenURLOptionsKey const UIApplicationOpenURLOptionUniversalLinksOnly NS_SWIFT_NAME(universalLinksOnly);

@protocol UIApplicationDelegate <NSObject>
@end

@interface UIResponder : NSObject
@end

@interface UIApplication : UIResponder
@property (class, readonly, strong) UIApplication *sharedApplication NS_SWIFT_NAME(shared);
@property (nullable, assign) id<UIApplicationDelegate> delegate;
@end

@interface UIView : UIResponder
@end

@interface UIWindow : UIView
@end

@interface UIViewController : UIResponder
@end

@interface UIImage : NSObject <NSSecureCoding>
@end

@interface UIActivityViewController : UIViewController
@end

@interface UIDocumentInteractionController : NSObject
@end

typedef NS_ENUM(NSUInteger, UIDocumentPickerMode) {
    UIDocumentPickerModeImport,
    UIDocumentPickerModeOpen,
    UIDocumentPickerModeExportToService,
    UIDocumentPickerModeMoveToService
};

@interface UIDocumentPickerViewController : UIViewController
@end

NS_ASSUME_NONNULL_END

#endif
