// mamconf's type-checking stand-in for <Foundation/Foundation.h>: the declarations the Intune SDK's headers and
// mamconf's binding need, with the attributes that make the Swift importer give them their iOS spelling
// (`swift_bridge` where Apple's API notes bridge a class to a Swift value type, `swift_name` where they rename
// it). Declarations only, written for mamconf; see ../README.md for what it does not reproduce.
#ifndef MAMCONF_STUB_FOUNDATION_H
#define MAMCONF_STUB_FOUNDATION_H

#import <ObjectiveC/ObjectiveC.h>

#define FOUNDATION_EXPORT extern
#define FOUNDATION_EXTERN extern
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define NS_SWIFT_NAME(_name) __attribute__((swift_name(#_name)))
#define NS_SWIFT_UNAVAILABLE(_msg) __attribute__((availability(swift, unavailable, message=_msg)))
#define NS_REFINED_FOR_SWIFT __attribute__((swift_private))
#define NS_SWIFT_SENDABLE __attribute__((swift_attr("@Sendable")))
#define NS_SWIFT_NONSENDABLE __attribute__((swift_attr("@_nonSendable")))
#define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))
#define NS_UNAVAILABLE __attribute__((unavailable))
#define NS_REQUIRES_SUPER __attribute__((objc_requires_super))
#define NS_NOESCAPE __attribute__((noescape))
#define NS_EXTENSIBLE_STRING_ENUM __attribute__((swift_wrapper(struct)))
#define NS_TYPED_EXTENSIBLE_ENUM __attribute__((swift_wrapper(struct)))
#define NS_STRING_ENUM __attribute__((swift_wrapper(enum)))
#define NS_ENUM(_type, _name) enum __attribute__((enum_extensibility(open))) _name : _type _name; \
    enum __attribute__((enum_extensibility(open))) _name : _type
#define NS_CLOSED_ENUM(_type, _name) enum __attribute__((enum_extensibility(closed))) _name : _type _name; \
    enum __attribute__((enum_extensibility(closed))) _name : _type
#define NS_OPTIONS(_type, _name) enum __attribute__((flag_enum, enum_extensibility(open))) _name : _type _name; \
    enum __attribute__((flag_enum, enum_extensibility(open))) _name : _type
#define NS_ERROR_ENUM(_type, _name, _domain) enum __attribute__((ns_error_domain(_domain))) _name : _type _name; \
    enum __attribute__((ns_error_domain(_domain))) _name : _type
#define DEPRECATED_MSG_ATTRIBUTE(s) __attribute__((deprecated(s)))
#define DEPRECATED_ATTRIBUTE __attribute__((deprecated))
#define __deprecated_msg(_msg) __attribute__((deprecated(_msg)))
#define __deprecated __attribute__((deprecated))
#define API_AVAILABLE(...)
#define API_UNAVAILABLE(...)
#define API_DEPRECATED(...)
#define NS_AVAILABLE_IOS(_ios)
#define NS_CLASS_AVAILABLE_IOS(_ios)
#define NS_DEPRECATED_IOS(...)
#define NSIntegerMax LONG_MAX

typedef double NSTimeInterval;

@class NSString, NSArray<ObjectType>, NSDictionary<KeyType, ObjectType>, NSData, NSDate, NSError, NSURL;

NS_ASSUME_NONNULL_BEGIN

@protocol NSCopying
- (id)copyWithZone:(nullable NSZone *)zone;
@end

@protocol NSMutableCopying
- (id)mutableCopyWithZone:(nullable NSZone *)zone;
@end

@protocol NSCoding
@end

@protocol NSSecureCoding <NSCoding>
@end

@protocol NSFastEnumeration
@end

/// Bridged to `String` (Apple's API notes: `SwiftBridge: Swift.String`).
__attribute__((swift_bridge("Swift.String"))) NS_SWIFT_SENDABLE
@interface NSString : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@property (readonly) NSUInteger length;
@end

__attribute__((swift_bridge("Swift.Array"))) NS_SWIFT_SENDABLE
@interface NSArray<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (ObjectType)objectAtIndex:(NSUInteger)index;
@end

__attribute__((swift_bridge("Swift.Dictionary"))) NS_SWIFT_SENDABLE
@interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@property (readonly) NSUInteger count;
- (nullable ObjectType)objectForKey:(KeyType)aKey;
@end

__attribute__((swift_bridge("Swift.Set"))) NS_SWIFT_SENDABLE
@interface NSSet<__covariant ObjectType> : NSObject <NSCopying, NSMutableCopying, NSSecureCoding, NSFastEnumeration>
@property (readonly) NSUInteger count;
@end

NS_SWIFT_SENDABLE
@interface NSValue : NSObject <NSCopying, NSSecureCoding>
@end

/// Not bridged when it stands alone (as on iOS, `NSNumber *` stays `NSNumber`).
NS_SWIFT_SENDABLE
@interface NSNumber : NSValue
- (instancetype)initWithInteger:(NSInteger)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithDouble:(double)value NS_DESIGNATED_INITIALIZER;
- (instancetype)initWithBool:(BOOL)value NS_DESIGNATED_INITIALIZER;
@property (readonly) int intValue;
@property (readonly) NSInteger integerValue;
@property (readonly) NSUInteger unsignedIntegerValue;
@property (readonly) double doubleValue;
@property (readonly) BOOL boolValue;
@property (readonly, copy) NSString *stringValue;
@end

NS_SWIFT_SENDABLE
@interface NSNull : NSObject <NSCopying, NSSecureCoding>
+ (NSNull *)null;
@end

__attribute__((swift_bridge("FoundationEssentials.Data"))) NS_SWIFT_SENDABLE
@interface NSData : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
@property (readonly) NSUInteger length;
@end

__attribute__((swift_bridge("FoundationEssentials.Date"))) NS_SWIFT_SENDABLE
@interface NSDate : NSObject <NSCopying, NSSecureCoding>
@property (readonly) NSTimeInterval timeIntervalSinceReferenceDate;
@end

__attribute__((swift_bridge("FoundationEssentials.URL"))) NS_SWIFT_SENDABLE
@interface NSURL : NSObject <NSSecureCoding, NSCopying>
@property (nullable, readonly, copy) NSString *absoluteString;
@end

typedef NSString *NSErrorDomain NS_TYPED_EXTENSIBLE_ENUM;
typedef NSString *NSErrorUserInfoKey NS_TYPED_EXTENSIBLE_ENUM;

NS_SWIFT_SENDABLE
@interface NSError : NSObject <NSCopying, NSSecureCoding>
- (instancetype)initWithDomain:(NSErrorDomain)domain code:(NSInteger)code userInfo:(nullable NSDictionary<NSErrorUserInfoKey, id> *)dict NS_DESIGNATED_INITIALIZER;
@property (readonly, copy) NSErrorDomain domain;
@property (readonly) NSInteger code;
@property (readonly, copy) NSDictionary<NSErrorUserInfoKey, id> *userInfo;
@property (readonly, copy) NSString *localizedDescription;
@end

@protocol NSLocking
- (void)lock;
- (void)unlock;
@end

NS_SWIFT_SENDABLE
@interface NSLock : NSObject <NSLocking>
@end

NS_SWIFT_SENDABLE
@interface NSCondition : NSObject <NSLocking>
- (void)wait;
- (BOOL)waitUntilDate:(NSDate *)limit;
- (void)signal;
- (void)broadcast;
@end

NS_SWIFT_NAME(Thread)
@interface NSThread : NSObject
@property (class, readonly) BOOL isMainThread;
@end

NS_SWIFT_NAME(OperationQueue)
@interface NSOperationQueue : NSObject
@property (class, readonly, strong) NSOperationQueue *mainQueue;
@end

typedef NSString *NSNotificationName NS_TYPED_EXTENSIBLE_ENUM NS_SWIFT_NAME(NSNotification.Name);

/// Bridged to the overlay's `Notification`, as Apple's API notes do.
__attribute__((swift_bridge("Foundation.Notification"))) NS_SWIFT_SENDABLE
@interface NSNotification : NSObject <NSCopying, NSCoding>
@property (readonly, copy) NSNotificationName name;
@property (nullable, readonly, retain) id object;
@property (nullable, readonly, copy) NSDictionary *userInfo;
@end

/// Renamed `NotificationCenter` by the overlay (see Overlays/Foundation.swift).
@interface NSNotificationCenter : NSObject
@property (class, readonly, strong) NSNotificationCenter *defaultCenter NS_SWIFT_NAME(default);
- (void)addObserver:(id)observer selector:(SEL)aSelector name:(nullable NSNotificationName)aName object:(nullable id)anObject;
- (void)postNotificationName:(NSNotificationName)aName object:(nullable id)anObject userInfo:(nullable NSDictionary *)aUserInfo;
- (void)removeObserver:(id)observer;
- (id<NSObject>)addObserverForName:(nullable NSNotificationName)name object:(nullable id)obj queue:(nullable NSOperationQueue *)queue usingBlock:(void (NS_SWIFT_SENDABLE ^)(NSNotification *notification))block;
@end

NS_SWIFT_NAME(URLAuthenticationChallenge)
@interface NSURLAuthenticationChallenge : NSObject <NSSecureCoding>
@end

@interface NSItemProvider : NSObject <NSCopying>
@end

@interface NSUserActivity : NSObject
@property (copy) NSString *activityType;
@property (getter=isEligibleForSearch) BOOL eligibleForSearch;
@property (getter=isEligibleForPublicIndexing) BOOL eligibleForPublicIndexing;
@end

NS_ASSUME_NONNULL_END

#endif
