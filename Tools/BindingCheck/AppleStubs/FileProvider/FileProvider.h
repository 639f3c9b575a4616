// mamconf's type-checking stand-in for <FileProvider/FileProvider.h>: the protocols the Intune SDK's headers
// name. Declarations only, written for mamconf; see ../README.md.
#ifndef MAMCONF_STUB_FILEPROVIDER_H
#define MAMCONF_STUB_FILEPROVIDER_H

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef NSString *NSFileProviderItemIdentifier NS_TYPED_EXTENSIBLE_ENUM;

@protocol NSFileProviderItemProtocol <NSObject>
@property (nonatomic, readonly, copy) NSFileProviderItemIdentifier itemIdentifier;
@end

typedef id<NSFileProviderItemProtocol> NSFileProviderItem;

@protocol NSFileProviderEnumerator <NSObject>
- (void)invalidate;
@end

NS_ASSUME_NONNULL_END

#endif
